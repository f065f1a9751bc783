package dev.widekey.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.widekey.processor.Fixtures.bad;
import static dev.widekey.processor.Fixtures.compile;
import static dev.widekey.processor.Fixtures.good;
import static dev.widekey.processor.RuleAssertions.assertError;
import static dev.widekey.processor.RuleAssertions.assertRejected;

import com.google.testing.compile.Compilation;
import dev.widekey.core.Rule;
import dev.widekey.processor.diagnostics.Messages;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * WK109: each primary-key column fits in 1 KB where the declaration bounds it (passing: {@code
 * KeySizeLimit} at exactly 1024 bytes, {@code DeviceTransaction} spliced, {@code
 * HashedKeyColumnAtLimit} with a hash prefix).
 */
class KeySizeTest {

  @Test
  void nonAsciiAlphabetTriplesTheBound() {
    JavaFileObject f = bad("wk109/WideAlphabet");
    Compilation c = compile(f);

    // 400 characters up to U+9FA5 take 3 UTF-8 bytes each
    assertRejected(c, 1);
    assertError(
        c, Rule.WK109, Messages.columnTooLarge("title", 1200, "title 1200"), f, "@MaxLength(400)");
  }

  @Test
  void splicedComponentsAddUp() {
    JavaFileObject f = bad("wk109/SplicedTooLong");
    Compilation c = compile(f);

    // each part fits alone; with the delimiter they make 1101 bytes. Reported on the largest part
    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK109,
        Messages.columnTooLarge("region_name", 1101, "region 600 + name 500 + 1 delimiter 1"),
        f,
        "@MaxLength(600)");
  }

  @Test
  void hashPrefixCounts() {
    JavaFileObject f = bad("wk109/HashedTooLong");
    Compilation c = compile(f);

    assertRejected(c, 1);
    assertError(
        c,
        Rule.WK109,
        Messages.columnTooLarge("path", 1032, "hash prefix 32 + path 1000"),
        f,
        "@MaxLength(1000)");
  }

  @Test
  void hashPrefixCountsOnThePartitionColumnOnly() {
    // the key column is stored without the prefix, so it may take the whole 1 KB
    Compilation c = compile(good("HashedKeyColumnAtLimit"));

    assertThat(c).succeededWithoutWarnings();
  }

  @Test
  void maxLengthOnANumberOrOfZero() {
    JavaFileObject f = bad("wk109/MaxLengthMisuse");
    Compilation c = compile(f);

    assertRejected(c, 2);
    assertError(c, Rule.WK109, Messages.maxLengthType("id", "long"), f, "@MaxLength(20)");
    assertError(c, Rule.WK109, Messages.maxLengthValue("label", 0), f, "@MaxLength(0)");
  }
}
