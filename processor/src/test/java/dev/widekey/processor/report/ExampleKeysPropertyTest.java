package dev.widekey.processor.report;

import static com.google.common.truth.Truth.assertThat;

import dev.widekey.core.key.BucketCounts;
import dev.widekey.core.layout.KeyColumnLayout;
import dev.widekey.core.layout.TableLayout;
import dev.widekey.core.store.PkType;
import dev.widekey.runtime.layout.LayoutKeyCodec;
import dev.widekey.runtime.layout.LayoutKeyCodecPropertyTest;
import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.fault.Seeds;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Random layouts (the codec's own property test's): the example keys a report lists are in the
 * store's order, each decodes to the values shown, and every split point sits between the examples
 * below it and those at or above it. Seeded: {@code -Dwidekey.seed=N} replays a failure.
 */
class ExampleKeysPropertyTest {
  @RegisterExtension final Seeds seeds = new Seeds();

  @Test
  void examplesAreInStoreOrderWithSplitPointsBetweenThem() {
    Random r = new Random(seeds.seed());
    int withExamples = 0;
    for (int i = 0; i < 300; i++) {
      TableLayout layout = withSplitPoints(r, LayoutKeyCodecPropertyTest.randomLayout(r));
      ExampleKeys keys = ExampleKeys.of(layout, Map.of());
      List<KeyExample> examples = keys.examples();
      withExamples += examples.isEmpty() ? 0 : 1;
      LayoutKeyCodec codec = LayoutKeyCodec.of(layout);
      for (int j = 0; j < examples.size(); j++) {
        codec.decode(examples.get(j).key()); // a key the layout writes
        if (j > 0) {
          assertThat(examples.get(j - 1).key().compareTo(examples.get(j).key())).isLessThan(0);
        }
      }
      int previous = 0;
      for (SplitMarker m : keys.splits()) {
        PkValue point = PkValue.ofString(m.point());
        assertThat(m.before()).isAtLeast(previous);
        previous = m.before();
        for (int j = 0; j < examples.size(); j++) {
          int c = examples.get(j).key().get(0).compareTo(point);
          if (j < m.before()) {
            assertThat(c).isLessThan(0);
          } else {
            assertThat(c).isAtLeast(0);
          }
        }
      }
    }
    // most random layouts accept some of the representative values
    assertThat(withExamples).isGreaterThan(250);
  }

  /** The layout, pre-split as the processor splits it: by hash prefix, by bucket, or not. */
  private static TableLayout withSplitPoints(Random r, TableLayout layout) {
    KeyColumnLayout partition = layout.key().get(0);
    assertThat(partition.type()).isEqualTo(PkType.STRING);
    List<String> points = new ArrayList<>();
    if (partition.buckets() != null) {
      points.addAll(BucketCounts.splitPoints(partition.buckets().count(), 1 + r.nextInt(16)));
    } else if (partition.hash() != null) {
      int n = 1 + r.nextInt(15);
      for (int k = 1; k <= n; k++) {
        points.add(HexFormat.of().toHexDigits((byte) (k * 256 / (n + 1))));
      }
    }
    return new TableLayout(
        layout.table(),
        layout.entity(),
        layout.role(),
        layout.index(),
        layout.profile(),
        layout.ttlSeconds(),
        layout.sharding(),
        layout.key(),
        layout.attributes(),
        points);
  }
}
