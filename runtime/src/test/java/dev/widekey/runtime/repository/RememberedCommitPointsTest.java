package dev.widekey.runtime.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.widekey.runtime.store.PkValue;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.fault.Seeds;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The bounded memory of commit points: never more than its capacity, every key it holds with the
 * value last put, a key just put always held, a removed key never; and a cycle over more keys than
 * it holds still finds most of them (least-recently-used eviction would find none).
 */
class RememberedCommitPointsTest {
  @RegisterExtension final Seeds seeds = new Seeds();

  private static PrimaryKey key(long i) {
    return PrimaryKey.of(PkValue.ofInteger(i));
  }

  @Test
  void randomOperationsAgreeWithAMapLessItsEvictions() {
    Random random = new Random(seeds.seed());
    int capacity = 1 + random.nextInt(40);
    RememberedCommitPoints<Integer> remembered =
        new RememberedCommitPoints<>(capacity, new SplittableRandom(random.nextLong()));
    Map<PrimaryKey, Integer> model = new HashMap<>(); // every value put and not removed
    for (int op = 0; op < 20_000; op++) {
      PrimaryKey key = key(random.nextInt(3 * capacity));
      if (random.nextInt(4) == 0) {
        remembered.remove(key);
        model.remove(key);
        assertNull(remembered.get(key), "removed " + key);
      } else {
        remembered.put(key, op);
        model.put(key, op);
        assertEquals(op, remembered.get(key), "just put " + key);
      }
      assertTrue(remembered.size() <= capacity, "size " + remembered.size() + " > " + capacity);
      int held = 0;
      for (int k = 0; k < 3 * capacity; k++) {
        Integer value = remembered.get(key(k));
        if (value != null) {
          held++;
          assertEquals(model.get(key(k)), value, "value of key " + k + " after op " + op);
        }
      }
      assertEquals(remembered.size(), held, "size against the keys held, after op " + op);
    }
  }

  @Test
  void aCycleOverMoreKeysThanHeldStillFindsMostOfThem() {
    int capacity = 4096;
    RememberedCommitPoints<Boolean> remembered =
        new RememberedCommitPoints<>(capacity, new SplittableRandom(seeds.seed()));
    int keys = 5_000;
    long found = 0;
    long looked = 0;
    for (int cycle = 0; cycle < 20; cycle++) {
      for (int i = 0; i < keys; i++) {
        boolean hit = remembered.get(key(i)) != null;
        if (cycle >= 5) {
          looked++;
          found += hit ? 1 : 0;
        }
        remembered.put(key(i), true);
      }
    }
    // random eviction keeps about two thirds of such a cycle; least recently used keeps none
    assertTrue(found > looked / 2, found + " of " + looked + " found");
  }

  @Test
  void aCycleWithinTheCapacityFindsEveryKey() {
    RememberedCommitPoints<Boolean> remembered = new RememberedCommitPoints<>(100);
    for (int i = 0; i < 100; i++) {
      remembered.put(key(i), true);
    }
    for (int cycle = 0; cycle < 3; cycle++) {
      for (int i = 0; i < 100; i++) {
        assertEquals(Boolean.TRUE, remembered.get(key(i)), "key " + i);
        remembered.put(key(i), true);
      }
    }
  }
}
