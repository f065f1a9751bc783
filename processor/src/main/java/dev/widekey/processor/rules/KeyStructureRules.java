package dev.widekey.processor.rules;

import dev.widekey.annotations.Profile;
import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.KeyRole;
import dev.widekey.processor.model.ValueKind;
import dev.widekey.runtime.store.StoreLimits;
import java.util.List;

/**
 * The primary key's structure: a partition key exists (WK101), orders are distinct (WK101),
 * component types can be keys (WK108), at most 4 columns for Tablestore (WK110).
 */
public final class KeyStructureRules implements EntityRule {

  @Override
  public void check(EntityModel entity, Diagnostics diagnostics) {
    if (entity.partitionKey().isEmpty()) {
      diagnostics.error(
          entity.type(), entity.wideTable(), Messages.noPartitionKey(entity.simpleName()));
    }
    checkOrders(entity.partitionKey(), "PartitionKey", diagnostics);
    checkOrders(entity.keyColumns(), "KeyColumn", diagnostics);

    for (KeyComponent c : entity.keyComponents()) {
      ValueKind kind = c.kind();
      if (!kind.keyable()) {
        diagnostics.error(
            c.property().element(),
            c.roleMirror(),
            Messages.badKeyType(c.name(), c.property().type().toString()));
      } else if (kind == ValueKind.BYTES && c.role() == KeyRole.PARTITION && entity.isSpliced()) {
        diagnostics.error(c.property().element(), c.roleMirror(), Messages.splicedBytes(c.name()));
      }
    }

    if (entity.profile() != Profile.HBASE) {
      List<KeyComponent> columns = entity.keyColumns();
      // the partition key is a column too
      for (int i = StoreLimits.DEFAULT.maxPkColumns() - 1; i < columns.size(); i++) {
        KeyComponent c = columns.get(i);
        diagnostics.error(
            c.property().element(), c.roleMirror(), Messages.tooManyKeyColumns(c.name(), i + 2));
      }
    }
  }

  private static void checkOrders(
      List<KeyComponent> sorted, String annotation, Diagnostics diagnostics) {
    for (int i = 1; i < sorted.size(); i++) {
      KeyComponent previous = sorted.get(i - 1);
      KeyComponent c = sorted.get(i);
      if (previous.order() == c.order()) {
        diagnostics.error(
            c.property().element(),
            c.roleMirror(),
            "order",
            Messages.duplicateOrder(c.name(), annotation, c.order(), previous.name()));
      }
    }
  }
}
