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
import dev.widekey.annotations.Reversed;
import dev.widekey.annotations.Sequential;
import dev.widekey.annotations.WideTable;
import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.GeneratedTypeNames;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The generated type names ({@code FooKeys}, {@code FooTable}, {@code FooRepository}) are public
 * contract, so an entity whose name would make one of them hide a name the user's code relies on is
 * refused (WK100) rather than left to a javac error in a file the user did not write: {@code Wide}
 * would generate {@code WideTable} next to it, hiding the annotation from files that import {@code
 * dev.widekey.annotations.*}; an entity {@code Key} in the default package would be hidden by the
 * {@code Key} record nested in its generated {@code KeyKeys}.
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
    if (GeneratedTypeNames.packageName(entity.type()).isEmpty()
        && GeneratedTypeNames.simpleNames(entity.type())
            .equals(List.of(GeneratedTypeNames.KEY_RECORD))) {
      diagnostics.error(
          entity.type(), entity.wideTable(), Messages.entityHiddenByKeyRecord(entity.simpleName()));
    }
  }
}
