package dev.widekey.processor.rules;

import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.model.EntityModel;
import java.util.List;

/** Runs every rule family on an entity; the entity is generated only if none reported an error. */
public final class EntityValidator {
  private final List<EntityRule> rules =
      List.of(
          new KeyStructureRules(),
          new PlacementRules(),
          new HotspotRules(),
          new BucketRules(),
          new SplicingRules(),
          new KeySizeRules(),
          new AttributeRules(),
          new ConversionRules(),
          new VersionRules(),
          new TableRules(),
          new ShardRules(),
          new IndexRules(),
          new GeneratedNameRules());

  /** Checks the entity, reporting every broken rule to its report. */
  public void validate(EntityModel entity, Diagnostics diagnostics) {
    for (EntityRule rule : rules) {
      rule.check(entity, diagnostics);
    }
  }
}
