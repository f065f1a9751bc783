package dev.widekey.processor;

import static com.google.common.truth.Truth.assertWithMessage;
import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import dev.widekey.core.Rule;
import dev.widekey.core.RuleDocs;
import java.util.regex.Pattern;
import javax.tools.JavaFileObject;

/** Assertions shared by the rule tests. */
final class RuleAssertions {
  private RuleAssertions() {}

  /**
   * The design was rejected with exactly {@code errors} errors, so that a stray error fails the
   * test. (That nothing is generated from a rejected design is checked for every bad fixture by
   * {@code RejectedDesignsTest}: compile-testing hides the files of a failed compilation.)
   */
  static void assertRejected(Compilation compilation, int errors) {
    assertThat(compilation).failed();
    assertThat(compilation).hadErrorCount(errors);
  }

  /**
   * An error with this message (built by the same {@code Messages} method the processor uses), of
   * this rule, in this file, on the line containing {@code line}.
   */
  static void assertError(
      Compilation compilation, Rule rule, String message, JavaFileObject file, String line) {
    assertWithMessage("the message under test belongs to %s", rule)
        .that(message)
        .startsWith(rule.name() + ": ");
    // the whole message, not a part of it: a longer or garbled text fails
    assertThat(compilation)
        .hadErrorContainingMatch(exactly(printed(rule, message)))
        .inFile(file)
        .onLineContaining(line);
  }

  /** As {@link #assertError}, for a warning. */
  static void assertWarning(
      Compilation compilation, Rule rule, String message, JavaFileObject file, String line) {
    assertWithMessage("the message under test belongs to %s", rule)
        .that(message)
        .startsWith(rule.name() + ": ");
    assertThat(compilation)
        .hadWarningContainingMatch(exactly(printed(rule, message)))
        .inFile(file)
        .onLineContaining(line);
  }

  /**
   * A message of {@code rule} as javac reports it (with the default options): its text, then the
   * link to the rule's documentation on a line of its own, javac indenting every further line.
   */
  static String printed(Rule rule, String message) {
    return (message + "\nSee " + RuleDocs.link(RuleDocs.DEFAULT_BASE_URL, rule))
        .replace("\n", "\n  ");
  }

  /** Matches exactly {@code text}: not a part of it, nor more. */
  static Pattern exactly(String text) {
    return Pattern.compile("\\A" + Pattern.quote(text) + "\\z");
  }
}
