package dev.widekey.processor.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.widekey.runtime.repository.SplitTableRepository;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The processor lists the generated repositories' methods without parameters instead of reading
 * them from the runtime (javac loads no runtime class); the list must stay the runtime's.
 */
class RepositoryMethodsTest {
  @Test
  void listedMethodsAreTheRepositorysMethodsWithoutParameters() {
    Set<String> reflected = new HashSet<>(Set.of("scanAll", "scanAllDescending", "createTables"));
    for (Class<?> c = SplitTableRepository.class; c != null; c = c.getSuperclass()) {
      for (Method m : c.getDeclaredMethods()) {
        if (m.getParameterCount() == 0 && !Modifier.isPrivate(m.getModifiers())) {
          reflected.add(m.getName());
        }
      }
    }
    assertEquals(reflected, IndexRules.REPOSITORY_METHODS);
  }
}
