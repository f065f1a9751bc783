package dev.widekey.processor.rules;

import dev.widekey.annotations.Bucketed;
import dev.widekey.annotations.Reversed;
import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.HashPrefixSpec;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.KeyRole;
import dev.widekey.processor.model.ValueKind;
import javax.lang.model.element.AnnotationMirror;

/**
 * Write hotspots: a sequential leading partition-key component (WK102), hash prefixes (WK106),
 * reversal and bucketing placement (WK102, WK107).
 */
public final class HotspotRules implements EntityRule {

  @Override
  public void check(EntityModel entity, Diagnostics diagnostics) {
    checkHashPrefixes(entity, diagnostics);
    for (KeyComponent c : entity.keyComponents()) {
      if (c.reversed()) {
        AnnotationMirror reversed = c.property().annotations().mirror(Reversed.class);
        if (c.role() != KeyRole.PARTITION) {
          diagnostics.error(c.property().element(), reversed, Messages.reversedMisplaced(c.name()));
        } else if (!c.kind().integral() && c.kind() != ValueKind.STRING) {
          diagnostics.error(
              c.property().element(),
              reversed,
              Messages.reversedType(c.name(), c.property().type().toString()));
        }
      }
      if (c.property().annotations().has(Bucketed.class)) {
        diagnostics.error(
            c.property().element(),
            c.property().annotations().mirror(Bucketed.class),
            Messages.bucketedUnsupported(c.name()));
      }
    }
    if (entity.partitionKey().isEmpty()) {
      return;
    }
    KeyComponent leading = entity.partitionKey().get(0);
    if (leading.isSequential() && entity.hashPrefix() == null && !leading.reversed()) {
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
      checkSpec(first, diagnostics);
    }
    for (KeyComponent c : entity.keyComponents()) {
      HashPrefixSpec spec = c.hashPrefix();
      if (spec == null) {
        continue;
      }
      if (c.role() != KeyRole.PARTITION) {
        diagnostics.error(spec.on(), spec.mirror(), Messages.hashNotPartition(c.name()));
        continue;
      }
      if (!c.kind().integral()
          && c.kind() != ValueKind.STRING
          && c.kind() != ValueKind.UUID
          && c.kind() != ValueKind.ENUM) {
        diagnostics.error(
            spec.on(), spec.mirror(), Messages.hashType(c.name(), c.property().type().toString()));
        continue;
      }
      if (first != null) {
        diagnostics.error(spec.on(), spec.mirror(), Messages.hashTwice("field '" + c.name() + "'"));
        continue;
      }
      first = spec;
      checkSpec(spec, diagnostics);
    }
  }

  private static void checkSpec(HashPrefixSpec spec, Diagnostics diagnostics) {
    if (spec.length() < 1 || spec.length() > 32) {
      diagnostics.error(spec.on(), spec.mirror(), "length", Messages.hashLength(spec.length()));
      return;
    }
    long space = (long) Math.pow(16, Math.min(spec.length(), 3));
    if (spec.partitions() < 1 || spec.partitions() > Math.min(4096, space)) {
      diagnostics.error(
          spec.on(),
          spec.mirror(),
          "partitions",
          Messages.hashPartitions(spec.partitions(), spec.length()));
    }
  }
}
