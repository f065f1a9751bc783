package dev.widekey.processor.rules;

import dev.widekey.core.store.StoreLimits;
import dev.widekey.processor.diagnostics.Diagnostics;
import dev.widekey.processor.diagnostics.Messages;
import dev.widekey.processor.model.EntityModel;
import dev.widekey.processor.model.KeyComponent;
import dev.widekey.processor.model.KeyRole;
import dev.widekey.processor.model.ValueKind;
import java.util.ArrayList;
import java.util.List;

/**
 * The primary key's structure: a partition key exists (WK101), orders are distinct (WK101),
 * component types can be keys (WK108), a descending key column is stored as an integer (WK113), no
 * more columns than the profile allows and a binary column only where it allows (WK110; {@link
 * StoreLimits#of}).
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
      if (kind.keyable() && c.descending() && (!kind.integral() || c.padding() != null)) {
        String why =
            c.padding() != null
                ? "it is @Padded, stored as text, whose order a complement does not reverse"
                : "its values ("
                    + kind.name().toLowerCase(java.util.Locale.ROOT)
                    + ") have no"
                    + " order-reversing encoding that keeps every value and its bytes' order";
        diagnostics.error(
            c.property().element(),
            c.roleMirror(),
            Messages.badDescending(c.name(), c.property().type().toString(), why));
      }
    }

    StoreLimits limits = StoreLimits.of(entity.profile());
    List<KeyComponent> columns = entity.keyColumns();
    // the partition key is a column too
    for (int i = 0; i < columns.size(); i++) {
      if (!limits.fitsPkColumns(i + 2)) {
        KeyComponent c = columns.get(i);
        diagnostics.error(
            c.property().element(),
            c.roleMirror(),
            Messages.tooManyKeyColumns(c.name(), i + 2, entity.profile()));
      }
    }
    if (limits.binaryOnlyLast()
        && (entity.hasColdColumns() || entity.hasChunkedColumns())
        && columns.isEmpty()) {
      // the cold and chunk tables are keyed by the partition column, then the write's tag
      for (KeyComponent c : entity.partitionKey()) {
        if (c.kind() == ValueKind.BYTES) {
          diagnostics.error(
              c.property().element(),
              c.roleMirror(),
              Messages.binaryPartitionBeforeTag(c.name(), entity.profile()));
        }
      }
    }
    if (limits.binaryOnlyLast() && !columns.isEmpty()) {
      // every column but the last: the partition column and all key columns before the last
      List<KeyComponent> notLast = new ArrayList<>(entity.partitionKey());
      notLast.addAll(columns.subList(0, columns.size() - 1));
      for (KeyComponent c : notLast) {
        if (c.kind() == ValueKind.BYTES) {
          diagnostics.error(
              c.property().element(),
              c.roleMirror(),
              Messages.binaryNotLast(c.name(), entity.profile()));
        }
      }
    }
  }

  private static void checkOrders(
      List<KeyComponent> sorted, String annotation, Diagnostics diagnostics) {
    KeyComponent stated =
        sorted.stream().filter(KeyComponent::orderStated).findFirst().orElse(null);
    if (stated == null) {
      return; // declaration order
    }
    boolean mixed = false;
    for (KeyComponent c : sorted) {
      if (!c.orderStated()) {
        mixed = true;
        diagnostics.error(
            c.property().element(),
            c.roleMirror(),
            Messages.mixedOrders(c.name(), annotation, stated.name(), stated.order()));
      }
    }
    if (mixed) {
      return; // an unstated order is 0 and would also be reported as a repeat
    }
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
