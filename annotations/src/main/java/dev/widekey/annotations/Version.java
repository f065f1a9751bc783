package dev.widekey.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The entity's version, for optimistic concurrency (rule WK208): the generated repository's {@code
 * put} writes only if the stored row still holds the version the entity was read with, stores the
 * version plus one, and returns the entity as stored. Version 0 means "new": such a put writes only
 * if no row is stored. A put from a stale copy fails with a {@code VersionConflictException} and
 * writes nothing.
 *
 * <p>One per entity, on a primitive {@code long} attribute of the hot row: never a key component
 * (the key finds the row; the version says which state of it), never a {@code @ColdColumn} (the
 * condition is checked on the hot row). {@code Long} is refused: "new" is already 0, and a
 * primitive makes a stored row without its version a typed error rather than a silent "new".
 *
 * <pre>{@code
 * @WideTable(name = "accounts")
 * public record Account(@PartitionKey String accountId, long balanceCents, @Version long version) {}
 *
 * Account stored = accounts.put(new Account("a1", 500, 0));        // stored.version() == 1
 * Account again = accounts.put(new Account("a1", 700, stored.version()));   // version 2
 * accounts.put(stored); // VersionConflictException: expected version 1, stored version 2
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT})
public @interface Version {}
