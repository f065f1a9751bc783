/**
 * The widekey annotations: declare an entity's key design and let the compiler check it.
 *
 * <pre>{@code
 * @WideTable(name = "transactions")
 * public record Transaction(
 *     @PartitionKey(order = 0) @KeyChars("0-9A-F") @MaxLength(16) String cardId,
 *     @KeyColumn(order = 0) long orderNumber,
 *     @Money(scale = 2) BigDecimal amount) {}
 * }</pre>
 */
package dev.widekey.annotations;
