package dev.widekey.processor;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.Completion;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.tools.FileObject;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;

/**
 * Runs a {@link WidekeyProcessor} through a {@link Filer} that records every file it creates
 * (compile-testing hides generated files of a failed compilation) and can be told to fail, to check
 * that a failure inside widekey reaches the user as an error, not as a javac crash.
 */
final class SpyingProcessor implements Processor {
  /** What the spied Filer does when asked to create a file. */
  interface Fault {
    /** Called before each file is created; may throw. */
    void before(String name) throws IOException;
  }

  private final Processor delegate = new WidekeyProcessor();
  private final Fault fault;
  private final List<String> created = new ArrayList<>();

  SpyingProcessor() {
    this(name -> {});
  }

  SpyingProcessor(Fault fault) {
    this.fault = fault;
  }

  /** The names of the source files and resources the processor created, in order. */
  List<String> created() {
    return List.copyOf(created);
  }

  @Override
  public void init(ProcessingEnvironment env) {
    Filer filer = new SpyFiler(env.getFiler());
    ProcessingEnvironment spied =
        (ProcessingEnvironment)
            Proxy.newProxyInstance(
                getClass().getClassLoader(),
                new Class<?>[] {ProcessingEnvironment.class},
                (proxy, method, args) -> {
                  if (method.getName().equals("getFiler")) {
                    return filer;
                  }
                  try {
                    return method.invoke(env, args);
                  } catch (InvocationTargetException e) {
                    throw e.getCause();
                  }
                });
    delegate.init(spied);
  }

  @Override
  public Set<String> getSupportedOptions() {
    return delegate.getSupportedOptions();
  }

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return delegate.getSupportedAnnotationTypes();
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return delegate.getSupportedSourceVersion();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    return delegate.process(annotations, round);
  }

  @Override
  public Iterable<? extends Completion> getCompletions(
      Element element, AnnotationMirror annotation, ExecutableElement member, String userText) {
    return delegate.getCompletions(element, annotation, member, userText);
  }

  private final class SpyFiler implements Filer {
    private final Filer filer;

    SpyFiler(Filer filer) {
      this.filer = filer;
    }

    @Override
    public JavaFileObject createSourceFile(CharSequence name, Element... originatingElements)
        throws IOException {
      fault.before(name.toString());
      created.add(name.toString());
      return filer.createSourceFile(name, originatingElements);
    }

    @Override
    public JavaFileObject createClassFile(CharSequence name, Element... originatingElements)
        throws IOException {
      fault.before(name.toString());
      created.add(name.toString());
      return filer.createClassFile(name, originatingElements);
    }

    @Override
    public FileObject createResource(
        JavaFileManager.Location location,
        CharSequence moduleAndPkg,
        CharSequence relativeName,
        Element... originatingElements)
        throws IOException {
      fault.before(relativeName.toString());
      created.add(relativeName.toString());
      return filer.createResource(location, moduleAndPkg, relativeName, originatingElements);
    }

    @Override
    public FileObject getResource(
        JavaFileManager.Location location, CharSequence moduleAndPkg, CharSequence relativeName)
        throws IOException {
      return filer.getResource(location, moduleAndPkg, relativeName);
    }
  }
}
