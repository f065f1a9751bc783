package dev.widekey.processor.rules;

import dev.widekey.annotations.Bucketed;
import dev.widekey.annotations.Chunked;
import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.Convert;
import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.Money;
import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.RenamedFrom;
import dev.widekey.annotations.Reversed;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.TruncatedToMillis;
import dev.widekey.annotations.Version;
import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.processor.model.Attribute;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.KeyRole;
import dev.widekey.processor.model.Property;
import dev.widekey.processor.model.ValueKind;
import java.lang.annotation.Annotation;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import javax.lang.model.type.TypeKind;

/**
 * Annotations that sit where they mean nothing ({@code @Padded} on an attribute,
 * {@code @ColdColumn} on a key, {@code @KeyChars} on a number, ...), in one table: for each
 * annotation, where it is meaningful and what is reported otherwise. An annotation is reported
 * once, by the first requirement it fails; the other rule families skip it by asking {@link
 * #meaningful}.
 */
public final class PlacementRules implements EntityRule {

  /** Where a property sits in the entity. */
  private enum Place {
    PARTITION_KEY,
    KEY_COLUMN,
    ATTRIBUTE
  }

  /** A property where it sits, and whether an {@code @Index} lists it. */
  private record Site(Property property, Place place, boolean indexed) {
    boolean isKey() {
      return place != Place.ATTRIBUTE;
    }

    /** A key component of the primary key or of an index: where value encodings mean something. */
    boolean inSomeKey() {
      return isKey() || indexed;
    }

    ValueKind kind() {
      return property.kind();
    }
  }

  /**
   * The annotation means something only where {@code holds}; elsewhere it is reported with the
   * message {@code otherwise} builds from the field's name and type and the entity's profile.
   */
  private record Requirement(
      Class<? extends Annotation> annotation, Predicate<Site> holds, Otherwise otherwise) {}

  /** The message of a misplaced annotation, quoting the limits of the entity's profile. */
  @FunctionalInterface
  private interface Otherwise {
    String message(String field, String type, Profile profile);
  }

  private static final List<Requirement> TABLE =
      List.of(
          new Requirement(Padded.class, Site::inSomeKey, (f, t, p) -> Messages.paddingNotKey(f)),
          new Requirement(
              Padded.class, s -> s.kind().integral(), (f, t, p) -> Messages.paddingType(f, t)),
          new Requirement(KeyChars.class, Site::inSomeKey, (f, t, p) -> Messages.keyCharsNotKey(f)),
          new Requirement(
              KeyChars.class,
              s -> s.kind() == ValueKind.STRING,
              (f, t, p) -> Messages.keyCharsType(f, t)),
          new Requirement(
              MaxLength.class, Site::inSomeKey, (f, t, p) -> Messages.maxLengthNotKey(f, p)),
          new Requirement(
              MaxLength.class,
              s -> s.kind() == ValueKind.STRING,
              (f, t, p) -> Messages.maxLengthType(f, t)),
          new Requirement(
              HashPrefix.class,
              s -> s.place() == Place.PARTITION_KEY,
              (f, t, p) -> Messages.hashNotPartition(f)),
          new Requirement(
              HashPrefix.class, PlacementRules::hashable, (f, t, p) -> Messages.hashType(f, t)),
          new Requirement(
              Sequential.class, Site::inSomeKey, (f, t, p) -> Messages.sequentialNotKey(f)),
          // on a later partition-key component HotspotRules reports it: it knows which one leads
          new Requirement(
              NotSequential.class,
              s -> s.place() == Place.PARTITION_KEY,
              (f, t, p) -> Messages.notSequentialMisplaced(f)),
          new Requirement(
              Reversed.class,
              s -> s.place() == Place.PARTITION_KEY,
              (f, t, p) -> Messages.reversedMisplaced(f)),
          new Requirement(
              Reversed.class,
              s -> s.kind().integral() || s.kind() == ValueKind.STRING,
              (f, t, p) -> Messages.reversedType(f, t)),
          new Requirement(
              Bucketed.class,
              s -> s.place() == Place.PARTITION_KEY,
              (f, t, p) -> Messages.bucketedNotPartition(f)),
          new Requirement(
              Bucketed.class,
              s -> hashable(s) || s.kind() == ValueKind.INSTANT,
              (f, t, p) -> Messages.bucketedType(f, t)),
          new Requirement(ColdColumn.class, s -> !s.isKey(), (f, t, p) -> Messages.coldKey(f)),
          new Requirement(Money.class, s -> !s.isKey(), (f, t, p) -> Messages.moneyOnKey(f)),
          new Requirement(
              Money.class,
              s -> s.kind() == ValueKind.BIG_DECIMAL,
              (f, t, p) -> Messages.moneyType(f, t)),
          new Requirement(Chunked.class, s -> !s.isKey(), (f, t, p) -> Messages.chunkedKey(f, p)),
          new Requirement(
              Chunked.class, PlacementRules::textOrBytes, (f, t, p) -> Messages.chunkedType(f, t)),
          new Requirement(Version.class, s -> !s.isKey(), (f, t, p) -> Messages.versionOnKey(f)),
          new Requirement(
              RenamedFrom.class, s -> !s.isKey(), (f, t, p) -> Messages.renamedFromOnKey(f)),
          new Requirement(
              Version.class,
              s -> s.property().type().getKind() == TypeKind.LONG,
              (f, t, p) -> Messages.versionType(f, t)),
          new Requirement(
              Convert.class, s -> !s.inSomeKey(), (f, t, p) -> Messages.converterOnKey(f)),
          new Requirement(
              TruncatedToMillis.class, Site::inSomeKey, (f, t, p) -> Messages.truncatedNotKey(f)),
          new Requirement(
              TruncatedToMillis.class,
              s -> s.kind().millis(),
              (f, t, p) -> Messages.truncatedType(f, t)));

  @Override
  public void check(EntityModel entity, Diagnostics diagnostics) {
    for (KeyComponent c : entity.keyComponents()) {
      check(site(c), entity.profile(), diagnostics);
    }
    Set<String> indexed = new HashSet<>();
    entity.indexes().forEach(i -> indexed.addAll(i.columns()));
    for (Attribute a : entity.attributes()) {
      check(
          new Site(a.property(), Place.ATTRIBUTE, indexed.contains(a.name())),
          entity.profile(),
          diagnostics);
    }
  }

  /** Whether the component's {@code annotation} sits where it means something. */
  static boolean meaningful(Class<? extends Annotation> annotation, KeyComponent c) {
    return failed(annotation, site(c)) == null;
  }

  /** Whether the attribute's {@code annotation} sits where it means something. */
  static boolean meaningful(Class<? extends Annotation> annotation, Attribute a) {
    return failed(annotation, site(a)) == null;
  }

  private static void check(Site site, Profile profile, Diagnostics diagnostics) {
    Property p = site.property();
    for (Class<? extends Annotation> annotation : p.annotations().types()) {
      Requirement failed = failed(annotation, site);
      if (failed != null) {
        diagnostics.error(
            p.element(),
            p.annotations().mirror(annotation),
            failed.otherwise().message(p.name(), p.type().toString(), profile));
      }
    }
  }

  /** The first requirement {@code annotation} fails at {@code site}, or null. */
  private static Requirement failed(Class<? extends Annotation> annotation, Site site) {
    for (Requirement r : TABLE) {
      if (r.annotation() == annotation && !r.holds().test(site)) {
        return r;
      }
    }
    return null;
  }

  private static Site site(KeyComponent c) {
    return new Site(
        c.property(),
        c.role() == KeyRole.PARTITION ? Place.PARTITION_KEY : Place.KEY_COLUMN,
        false);
  }

  private static Site site(Attribute a) {
    return new Site(a.property(), Place.ATTRIBUTE, false);
  }

  /** A hash prefix digests the component's key text. */
  private static boolean hashable(Site s) {
    ValueKind kind = s.kind();
    return kind.integral()
        || kind == ValueKind.STRING
        || kind == ValueKind.UUID
        || kind == ValueKind.ENUM;
  }

  /** Only text and bytes can outgrow the attribute limit. */
  private static boolean textOrBytes(Site s) {
    return s.kind() == ValueKind.STRING || s.kind() == ValueKind.BYTES;
  }
}
