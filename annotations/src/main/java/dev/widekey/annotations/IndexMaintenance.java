package dev.widekey.annotations;

/**
 * Who keeps an {@link Index} in step with the rows it indexes.
 *
 * <ul>
 *   <li>{@link #CLIENT} (the default): the generated repository writes the index rows itself, under
 *       the entity's commit point, and verifies every row it reads. Works on every profile; a read
 *       through the index never returns a row that does not match, nor misses one that does.
 *   <li>{@link #SERVICE_LOCAL}: a Tablestore local secondary index, maintained by the service
 *       synchronously with every write. Keeps the same guarantee; its first column must be the
 *       table's first primary-key column (its partition key).
 *   <li>{@link #SERVICE_GLOBAL}: a Tablestore global secondary index, maintained by the service
 *       asynchronously (the documentation gives milliseconds): a read right after a write may miss
 *       that write; it never returns a row that does not match (every row read is checked against
 *       the data table).
 * </ul>
 *
 * <p>The service-maintained kinds exist only on {@link Profile#TABLESTORE}; HBase and Lindorm
 * (through its HBase API) keep their indexes client-side (rule WK306).
 *
 * <pre>{@code
 * @WideTable(name = "orders")
 * @Index(name = "by_status", columns = {"customer", "status"},
 *     maintainedBy = IndexMaintenance.SERVICE_LOCAL)
 * public record Order(@PartitionKey @KeyChars("0-9A-Z") @MaxLength(20) String customer,
 *     @KeyColumn @KeyChars("0-9") @MaxLength(12) String orderId,
 *     @KeyChars("A-Z") @MaxLength(12) String status) {}
 * }</pre>
 */
public enum IndexMaintenance {
  /** Index rows written and verified by the generated repository, on every store. */
  CLIENT,
  /** A Tablestore local secondary index: synchronous, exact. */
  SERVICE_LOCAL,
  /** A Tablestore global secondary index: asynchronous, a read may lag the data table. */
  SERVICE_GLOBAL
}
