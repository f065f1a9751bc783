package good;

import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/**
 * An enum key column: stored by name, so its stored order is the names' order, not the constants'.
 * No {@code ...Between} range is generated over it; ranges that fix it, and ranges over the column
 * after it, are.
 */
@WideTable(name = "tickets")
public record Ticket(
    @NotSequential(reason = "ids are assigned at random, many are written at the same time") @PartitionKey long queue,
    @KeyColumn(order = 0) Priority priority,
    @KeyColumn(order = 1) long id,
    String title) {

  public enum Priority { LOW, MEDIUM, HIGH }
}
