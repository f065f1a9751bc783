package dev.widekey.store.tck.embedded;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A test class that runs in the module's small-heap JVM (the {@code stored-row-fuzzer} execution in
 * {@code store-tck/pom.xml}, {@code -Xmx256m}, a JVM per class) and in no other. Chosen by tag, not
 * by class name, so that {@code -Dtest=SomeOtherTest} does not run that test a second time in the
 * small heap ({@code -Dtest} replaces an execution's includes, not its groups).
 *
 * <pre>{@code
 * @SmallHeap
 * class LargeTextSmallHeapTest { ... }
 * }</pre>
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag("small-heap")
@interface SmallHeap {}
