package query;

import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.NotSequential;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.WideTable;

/** Jobs of a queue by priority (an enum, stored by name), then id. */
@WideTable(name = "jobs")
public record Job(
    @NotSequential(reason = "queues are few and written at random") @PartitionKey long queue,
    @KeyColumn(order = 0) Priority priority,
    @KeyColumn(order = 1) long id,
    String title) {

  public enum Priority { LOW, MEDIUM, HIGH }
}
