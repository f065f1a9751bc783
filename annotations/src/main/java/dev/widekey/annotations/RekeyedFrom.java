package dev.widekey.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares that a {@link WideTable} entity's rows are moved from an older key layout: {@link
 * #table()} names a table whose layout file is committed in the layout directory (the processor
 * option {@code widekey.layouts}). The processor generates {@code <Entity>Rekeying} from that file:
 * a decoder for the old keys and a job that reads every row of the old table, re-encodes it under
 * the entity's current layout and writes the new table through the bulk writer — shuffled,
 * parallel, resumable from where it stopped, with a final count check. The job never writes or
 * deletes the old table. The entity's own table must have another name (rule WK308).
 *
 * <pre>{@code
 * @WideTable(name = "readings_v2")
 * @RekeyedFrom(table = "readings") // readings.layout: the 6-digit padded key
 * public record Reading(@PartitionKey @Padded(width = 8) @HashPrefix(length = 4) long meter,
 *     @KeyColumn Instant at, double value) {}
 *
 * RekeyResult moved = ReadingRekeying.job(store).run();
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface RekeyedFrom {
  /** The old hot table, whose committed layout file ({@code <table>.layout}) describes its keys. */
  String table();
}
