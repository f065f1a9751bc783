package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.widekey.processor.Fixtures.good;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import dev.widekey.processor.diagnostics.Messages;
import java.io.IOException;
import javax.annotation.processing.FilerException;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * No exception of widekey reaches javac (which would crash the build with a stack trace and no
 * position): an unexpected failure becomes an error on the entity, and other entities are still
 * processed. Failures are provoked through the Filer, the one place a valid design can fail.
 */
class ProcessorFailureTest {

  @Test
  void runtimeExceptionBecomesAnErrorOnTheEntity() {
    JavaFileObject order = good("Order");
    SpyingProcessor spy =
        new SpyingProcessor(
            name -> {
              throw new IllegalStateException("boom");
            });

    // compile() returning at all shows that the exception did not escape into javac
    Compilation c = Compiler.javac().withProcessors(spy).compile(order);

    assertThat(c).failed();
    assertThat(c).hadErrorCount(1);
    assertThat(c)
        .hadErrorContaining(
            Messages.internalError("Order", "java.lang.IllegalStateException: boom"))
        .inFile(order)
        .onLineContaining("public record Order(");
  }

  @Test
  void ioExceptionBecomesAnErrorOnTheEntity() {
    JavaFileObject order = good("Order");
    SpyingProcessor spy =
        new SpyingProcessor(
            name -> {
              throw new FilerException("disk full");
            });

    Compilation c = Compiler.javac().withProcessors(spy).compile(order);

    assertThat(c).hadErrorCount(1);
    assertThat(c)
        .hadErrorContaining(
            Messages.internalError(
                "Order", "javax.annotation.processing.FilerException: disk full"))
        .inFile(order)
        .onLineContaining("public record Order(");
  }

  @Test
  void linkageErrorBecomesAnErrorOnTheEntity() {
    // e.g. a processor path holding another runtime version than the one it was built against
    JavaFileObject order = good("Order");
    SpyingProcessor spy =
        new SpyingProcessor(
            name -> {
              throw new NoClassDefFoundError("dev/widekey/runtime/key/KeyAlphabet");
            });

    Compilation c = Compiler.javac().withProcessors(spy).compile(order);

    assertThat(c).hadErrorCount(1);
    assertThat(c)
        .hadErrorContaining(
            Messages.internalError(
                "Order", "java.lang.NoClassDefFoundError: dev/widekey/runtime/key/KeyAlphabet"))
        .inFile(order)
        .onLineContaining("public record Order(");
  }

  @Test
  void otherEntitiesAreStillGenerated() {
    JavaFileObject order = good("Order");
    JavaFileObject item = good("Item");
    SpyingProcessor spy =
        new SpyingProcessor(
            name -> {
              if (name.contains("Order")) {
                throw new IOException("cannot write " + name);
              }
            });

    Compilation c = Compiler.javac().withProcessors(spy).compile(order, item);

    assertThat(c).hadErrorCount(1);
    assertThat(c)
        .hadErrorContaining(
            Messages.internalError("Order", "java.io.IOException: cannot write good.OrderKeys"))
        .inFile(order)
        .onLineContaining("public record Order(");
    assertThat(spy.created())
        .containsAtLeast(
            "good.ItemKeys",
            "good.ItemTable",
            "good.ItemRepository",
            "META-INF/widekey/layout/items.layout",
            "META-INF/widekey/layout/items_cold.layout");
  }
}
