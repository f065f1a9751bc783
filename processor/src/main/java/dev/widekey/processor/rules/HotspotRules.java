package dev.widekey.processor.rules;

import dev.widekey.annotations.HashPrefix;
import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.HashPrefixSpec;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.ValueKind;
import dev.widekey.runtime.store.StoreLimits;

/**
 * Write hotspots: a sequential leading partition-key component (WK102) and hash prefixes (WK106).
 * Where {@code @Reversed}, {@code @HashPrefix} and {@code @Bucketed} may sit is checked by {@link
 * PlacementRules}.
 */
public final class HotspotRules implements EntityRule {

  @Override
  public void check(EntityModel entity, Diagnostics diagnostics) {
    checkHashPrefixes(entity, diagnostics);
    if (entity.partitionKey().isEmpty()) {
      return;
    }
    KeyComponent leading = entity.partitionKey().get(0);
    // only a hash that digests the leading component scatters it: a hash over a later component
    // (an enum region) gives all rows of one region one prefix, written in order
    boolean hashed =
        entity.typeHashPrefix() != null
            || (leading.hashPrefix() != null
                && PlacementRules.meaningful(HashPrefix.class, leading));
    if (leading.isSequential() && !hashed && !leading.reversed()) {
      String why =
          leading.sequential() ? "@Sequential" : leading.property().type() + " is a time type";
      diagnostics.error(
          leading.property().element(),
          leading.roleMirror(),
          Messages.sequentialLeading(leading.name(), why));
    }
  }

  private static void checkHashPrefixes(EntityModel entity, Diagnostics diagnostics) {
    HashPrefixSpec first = entity.typeHashPrefix();
    if (first != null) {
      checkSpec(entity, first, diagnostics);
    }
    for (KeyComponent c : entity.keyComponents()) {
      HashPrefixSpec spec = c.hashPrefix();
      if (spec == null) {
        continue;
      }
      if (!PlacementRules.meaningful(HashPrefix.class, c)) {
        continue; // reported by PlacementRules
      }
      if (first != null) {
        diagnostics.error(spec.on(), spec.mirror(), Messages.hashTwice("field '" + c.name() + "'"));
        continue;
      }
      first = spec;
      checkSpec(entity, spec, diagnostics);
    }
  }

  private static void checkSpec(EntityModel entity, HashPrefixSpec spec, Diagnostics diagnostics) {
    // a byte[] in a spliced key is refused by WK108 already
    if (entity.typeHashPrefix() == spec
        && entity.partitionKey().size() == 1
        && entity.partitionKey().get(0).kind() == ValueKind.BYTES) {
      diagnostics.error(
          spec.on(), spec.mirror(), Messages.hashOverBytes(entity.partitionKey().get(0).name()));
      return;
    }
    if (!spec.lengthInRange()) {
      diagnostics.error(spec.on(), spec.mirror(), "length", Messages.hashLength(spec.length()));
      return;
    }
    if (!spec.partitionsInRange()) {
      diagnostics.error(
          spec.on(),
          spec.mirror(),
          "partitions",
          Messages.hashPartitions(spec.partitions(), spec.length()));
      return;
    }
    StoreLimits limits = StoreLimits.of(entity.profile());
    if (!spec.partitionsWithin(limits)) {
      diagnostics.error(
          spec.on(),
          spec.mirror(),
          "partitions",
          Messages.hashPartitionsOverProfile(
              spec.partitions(), entity.profile(), limits.maxPartitions()));
    }
  }
}
