package dev.widekey.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import javax.tools.JavaFileObject;

/**
 * Loads the classes of a successful compilation: the fixtures and what widekey generated for them.
 */
final class GeneratedClassLoader extends ClassLoader {
  private final Map<String, byte[]> classes = new HashMap<>();

  GeneratedClassLoader(Compilation compilation) {
    this(compilation, true);
  }

  /** Without {@code requireNoWarnings}, any successful compilation (the entity fuzzer's). */
  GeneratedClassLoader(Compilation compilation, boolean requireNoWarnings) {
    super(GeneratedClassLoader.class.getClassLoader());
    if (requireNoWarnings) {
      assertThat(compilation).succeededWithoutWarnings();
    } else {
      assertThat(compilation).succeeded();
    }
    for (JavaFileObject f : compilation.generatedFiles()) {
      if (f.getKind() != JavaFileObject.Kind.CLASS) {
        continue;
      }
      // "/CLASS_OUTPUT/good/Foo$Key.class" -> "good.Foo$Key"
      String path = f.toUri().getPath();
      String name =
          path.substring(
                  path.indexOf("/CLASS_OUTPUT/") + "/CLASS_OUTPUT/".length(),
                  path.length() - ".class".length())
              .replace('/', '.');
      try (InputStream in = f.openInputStream()) {
        classes.put(name, in.readAllBytes());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  @Override
  protected Class<?> findClass(String name) throws ClassNotFoundException {
    byte[] bytes = classes.get(name);
    if (bytes == null) {
      throw new ClassNotFoundException(name);
    }
    return defineClass(name, bytes, 0, bytes.length);
  }
}
