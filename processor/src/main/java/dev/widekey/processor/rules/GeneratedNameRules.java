package dev.widekey.processor.rules;

import dev.widekey.annotations.Bucketed;
import dev.widekey.annotations.Chunked;
import dev.widekey.annotations.ColdColumn;
import dev.widekey.annotations.HashAlgorithm;
import dev.widekey.annotations.HashPrefix;
import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.Money;
import dev.widekey.annotations.Padded;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.RekeyedFrom;
import dev.widekey.annotations.RenamedFrom;
import dev.widekey.annotations.Reversed;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.WideTable;
import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.GeneratedTypeNames;
import dev.widekey.processor.model.KeyComponent;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;

/**
 * The generated type names ({@code FooKeys}, {@code FooTable}, {@code FooRepository}) are public
 * contract, so an entity whose name would make one of them hide a name the user's code relies on is
 * refused (WK100) rather than left to a javac error in a file the user did not write: {@code Wide}
 * would generate {@code WideTable} next to it, hiding the annotation from files that import {@code
 * dev.widekey.annotations.*}; an entity {@code Key} in the default package would be hidden by the
 * {@code Key} record nested in its generated {@code KeyKeys}, and so would a key component's type
 * of the default package named {@code Key} (or nested in one): in the default package, no qualified
 * name can reach them. Elsewhere, and for every other name, the generated code compiles: JavaPoet
 * imports each runtime type by its simple name unless a type the file names, or a type of its
 * package, has the same, and writes that one in full.
 */
public final class GeneratedNameRules implements EntityRule {
  private static final Set<String> ANNOTATION_PACKAGE_TYPES =
      List.of(
              WideTable.class,
              PartitionKey.class,
              KeyColumn.class,
              Padded.class,
              HashPrefix.class,
              HashAlgorithm.class,
              Bucketed.class,
              Reversed.class,
              Sequential.class,
              KeyChars.class,
              MaxLength.class,
              ColdColumn.class,
              Money.class,
              Chunked.class,
              RenamedFrom.class,
              RekeyedFrom.class,
              Profile.class)
          .stream()
          .map(Class::getSimpleName)
          .collect(Collectors.toUnmodifiableSet());

  @Override
  public void check(EntityModel entity, Diagnostics diagnostics) {
    for (String suffix : GeneratedTypeNames.SUFFIXES) {
      String generated = GeneratedTypeNames.simpleName(entity.type(), suffix);
      if (ANNOTATION_PACKAGE_TYPES.contains(generated)) {
        diagnostics.error(
            entity.type(),
            entity.wideTable(),
            Messages.generatedTypeHidesAnnotation(entity.simpleName(), generated));
      }
    }
    if (!GeneratedTypeNames.packageName(entity.type()).isEmpty()) {
      return; // elsewhere the generated code names a hidden type in full
    }
    // in the default package a type has no qualified name: inside FooKeys, whose nested Key record
    // hides every other Key, the generated code cannot name a type of the default package called
    // Key (or nested in one), neither the entity nor a key component's type
    if (GeneratedTypeNames.simpleNames(entity.type())
        .equals(List.of(GeneratedTypeNames.KEY_RECORD))) {
      diagnostics.error(
          entity.type(), entity.wideTable(), Messages.entityHiddenByKeyRecord(entity.simpleName()));
    }
    for (KeyComponent c : entity.keyComponents()) {
      TypeElement outermost = outermostType(c.property().type());
      if (outermost != null
          && GeneratedTypeNames.packageName(outermost).isEmpty()
          && outermost.getSimpleName().contentEquals(GeneratedTypeNames.KEY_RECORD)) {
        diagnostics.error(
            c.property().element(),
            Messages.keyTypeHiddenByKeyRecord(
                entity.simpleName(), c.name(), c.property().type().toString()));
      }
    }
  }

  /** The top-level type around a declared type (itself if top level), or null for other types. */
  private static TypeElement outermostType(TypeMirror type) {
    if (!(type instanceof DeclaredType declared)) {
      return null;
    }
    Element e = declared.asElement();
    TypeElement outermost = null;
    for (; e instanceof TypeElement t; e = e.getEnclosingElement()) {
      outermost = t;
    }
    return outermost;
  }
}
