package dev.widekey.processor.rules;

import dev.widekey.annotations.Bucketed;
import dev.widekey.annotations.HashPrefix;
import dev.widekey.core.key.BucketCounts;
import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.KeyComponent;

/**
 * {@code @Bucketed} (WK106, the scatter family): on the leading partition-key component only, 2 to
 * 1,024 buckets (a warning above 256 names the read fan-out), and one scatter per key: never with a
 * {@code @HashPrefix} or {@code @Reversed}. Where it may sit at all (a partition-key component of a
 * bucketable type) is checked by {@link PlacementRules}; that it cures WK102 by {@link
 * HotspotRules}.
 */
public final class BucketRules implements EntityRule {

  @Override
  public void check(EntityModel entity, Diagnostics diagnostics) {
    for (KeyComponent c : entity.partitionKey()) {
      if (c.bucketedMirror() == null || !PlacementRules.meaningful(Bucketed.class, c)) {
        continue; // not bucketed, or reported by PlacementRules
      }
      KeyComponent leading = entity.partitionKey().get(0);
      if (c != leading) {
        diagnostics.error(
            c.property().element(),
            c.bucketedMirror(),
            Messages.bucketedNotLeading(c.name(), leading.name()));
        continue;
      }
      int buckets = c.buckets();
      if (buckets < BucketCounts.MIN_BUCKETS || buckets > BucketCounts.MAX_BUCKETS) {
        diagnostics.error(
            c.property().element(), c.bucketedMirror(), "buckets", Messages.bucketCount(buckets));
      } else if (buckets > BucketCounts.FAN_OUT_WARNING) {
        diagnostics.warning(c.property().element(), Messages.bucketFanOut(c.name(), buckets));
      }
      if (hashed(entity)) {
        diagnostics.error(
            c.property().element(), c.bucketedMirror(), Messages.bucketedWithHashPrefix(c.name()));
      }
      if (c.reversed()) {
        diagnostics.error(
            c.property().element(), c.bucketedMirror(), Messages.bucketedReversed(c.name()));
      }
    }
  }

  /** Whether {@code @HashPrefix} is on the entity at all (on the type or a component). */
  static boolean hashed(EntityModel entity) {
    return entity.typeHashPrefix() != null
        || entity.partitionKey().stream()
            .anyMatch(
                k -> k.hashPrefix() != null && PlacementRules.meaningful(HashPrefix.class, k));
  }
}
