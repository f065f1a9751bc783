package dev.widekey.processor.rules;

import dev.widekey.annotations.Bucketed;
import dev.widekey.annotations.HashPrefix;
import dev.widekey.core.key.KeyAlphabet;
import dev.widekey.core.store.StoreLimits;
import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.HashPrefixSpec;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.ValueKind;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;

/**
 * Write hotspots: a sequential leading partition-key component (WK102: an error for
 * {@code @Sequential} and integral or time types, a warning for few values or a name of sequence or
 * time; {@code @NotSequential(reason)} opts out) and hash prefixes (WK106); buckets are checked by
 * {@link BucketRules}. Where {@code @Reversed}, {@code @HashPrefix} and {@code @Bucketed} may sit
 * is checked by {@link PlacementRules}.
 */
public final class HotspotRules implements EntityRule {
  /** A leading component of at most this many values warns (seed 000: a small SellerID set). */
  static final int FEW_VALUES = 16;

  @Override
  public void check(EntityModel entity, Diagnostics diagnostics) {
    checkHashPrefixes(entity, diagnostics);
    if (entity.partitionKey().isEmpty()) {
      return;
    }
    KeyComponent leading = entity.partitionKey().get(0);
    checkOptOutsAfterLeading(entity, diagnostics);
    // only a hash that digests the leading component scatters it: a hash over a later component
    // (an enum region) gives all rows of one region one prefix, written in order
    boolean hashed =
        entity.typeHashPrefix() != null
            || (leading.hashPrefix() != null
                && PlacementRules.meaningful(HashPrefix.class, leading));
    // buckets spread consecutive values round-robin over N partitions (BucketRules checks them)
    boolean bucketed =
        leading.bucketedMirror() != null && PlacementRules.meaningful(Bucketed.class, leading);
    String scatteredBy =
        hashed ? "@HashPrefix" : leading.reversed() ? "@Reversed" : bucketed ? "@Bucketed" : null;
    AnnotationMirror optOut = leading.notSequentialMirror();
    Element at = leading.property().element();
    if (optOut != null) {
      String reason = leading.notSequentialReason();
      if (leading.sequential()) {
        diagnostics.error(at, optOut, Messages.notSequentialContradicts(leading.name()));
      } else if (scatteredBy != null && !fewValues(entity, leading)) {
        diagnostics.error(at, optOut, Messages.notSequentialCovered(leading.name(), scatteredBy));
      } else if (reason.isBlank()) {
        diagnostics.error(at, optOut, "reason", Messages.notSequentialBlankReason(leading.name()));
      }
      return; // the opt-out, with its reason, silences the findings below
    }
    if (leading.isSequential() && scatteredBy == null) {
      String type = leading.property().type().toString();
      String why =
          leading.sequential()
              ? "@Sequential"
              : leading.kind().time()
                  ? Messages.Why.timeType(type)
                  : Messages.Why.integralType(type);
      diagnostics.error(at, leading.roleMirror(), Messages.sequentialLeading(leading.name(), why));
      return;
    }
    // a hash over the whole spliced text spreads a leading component of few values; a hash or
    // reversal of that component alone only renames its few values, and a bucket computed from
    // the value alone puts all rows of one value in one bucket
    boolean spread = entity.typeHashPrefix() != null && entity.isSpliced();
    Few few = spread ? null : fewValues(leading);
    if (few != null) {
      if (bucketed) {
        diagnostics.warning(
            at,
            leading.bucketedMirror(),
            Messages.fewValuesBucketed(leading.name(), few.why(), few.values(), leading.buckets()));
      } else {
        diagnostics.warning(
            at, leading.roleMirror(), Messages.fewValuesLeading(leading.name(), few.why()));
      }
      return;
    }
    String word = scatteredBy == null ? SequenceWords.of(leading) : null;
    if (word != null) {
      diagnostics.warning(
          at, leading.roleMirror(), Messages.sequentialNameLeading(leading.name(), word));
    }
  }

  /**
   * Whether the leading component is of few values and nothing spreads them: only a type-level hash
   * over the whole spliced key does; buckets are computed from the component's value alone.
   */
  private static boolean fewValues(EntityModel entity, KeyComponent leading) {
    boolean spread = entity.typeHashPrefix() != null && entity.isSpliced();
    return !spread && fewValues(leading) != null;
  }

  /** A component's few values: how many, and why (for the message). */
  private record Few(long values, String why) {}

  /** The component's values when they are few (at most {@link #FEW_VALUES}), or null. */
  private static Few fewValues(KeyComponent c) {
    if (c.kind() == ValueKind.ENUM
        && c.property().type() instanceof DeclaredType t
        && t.asElement() instanceof TypeElement e) {
      long constants =
          e.getEnclosedElements().stream()
              .filter(m -> m.getKind() == ElementKind.ENUM_CONSTANT)
              .count();
      return constants <= FEW_VALUES
          ? new Few(constants, Messages.Why.fewConstants(e.getSimpleName().toString(), constants))
          : null;
    }
    if (c.kind() == ValueKind.STRING && c.keyChars() != null && c.maxLength() > 0) {
      long letters;
      try {
        letters = KeyAlphabet.parse(c.keyChars()).size();
      } catch (IllegalArgumentException e) {
        return null; // a bad alphabet is reported by SplicingRules
      }
      long values = 0; // strings of length 0..maxLength, counted up to just past the bound
      long power = 1;
      for (int length = 0; length <= c.maxLength() && values <= FEW_VALUES; length++) {
        values += power;
        power = Math.min(power * letters, FEW_VALUES + 1);
      }
      return values <= FEW_VALUES
          ? new Few(values, Messages.Why.fewStrings(c.maxLength(), values))
          : null;
    }
    return null;
  }

  /** A partition-key component after the leading one carries an opt-out that means nothing. */
  private static void checkOptOutsAfterLeading(EntityModel entity, Diagnostics diagnostics) {
    List<KeyComponent> partition = entity.partitionKey();
    for (KeyComponent c : partition.subList(1, partition.size())) {
      if (c.notSequentialMirror() != null) {
        diagnostics.error(
            c.property().element(),
            c.notSequentialMirror(),
            Messages.notSequentialNotLeading(c.name(), partition.get(0).name()));
      }
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
