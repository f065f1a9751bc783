package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

import dev.widekey.annotations.Profile;
import dev.widekey.core.Rule;
import dev.widekey.processor.diagnostics.Messages;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.ElementKind;
import org.junit.jupiter.api.Test;

/** The message catalogue: every message starts with the id of a catalogued rule. */
class MessagesTest {

  @Test
  void everyMessageStartsWithARuleId() throws Exception {
    List<String> checked = new ArrayList<>();
    for (Method m : Messages.class.getDeclaredMethods()) {
      if (!Modifier.isPublic(m.getModifiers()) || m.getReturnType() != String.class) {
        continue;
      }
      Object[] args = new Object[m.getParameterCount()];
      for (int i = 0; i < args.length; i++) {
        args[i] = sample(m.getParameterTypes()[i]);
      }
      String message = (String) m.invoke(null, args);
      String id = message.substring(0, Math.min(5, message.length()));
      assertWithMessage("%s()", m.getName()).that(message).startsWith(id + ": ");
      assertWithMessage("%s() names a catalogued rule", m.getName())
          .that(Rule.valueOf(id))
          .isNotNull();
      checked.add(m.getName());
    }
    assertThat(checked.size()).isAtLeast(40);
  }

  private static Object sample(Class<?> type) {
    if (type == String.class) {
      return "sample";
    } else if (type == int.class) {
      return 3;
    } else if (type == long.class) {
      return 3L;
    } else if (type == char.class) {
      return ',';
    } else if (type == boolean.class) {
      return true;
    } else if (type == ElementKind.class) {
      return ElementKind.INTERFACE;
    } else if (type == Profile.class) {
      return Profile.TABLESTORE;
    } else if (type == boolean.class) {
      return true;
    } else if (type == List.class) {
      return List.of("sample", "other");
    }
    throw new AssertionError("no sample value for " + type);
  }
}
