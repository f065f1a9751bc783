package dev.widekey.runtime.rekey;

import dev.widekey.runtime.store.PrimaryKey;
import java.util.Objects;

/**
 * A row of the old table that a re-keying job did not write: its key in the old table, the rule it
 * breaks (a rule id such as {@code WK104}, or {@code LIMIT_EXCEEDED} for a row over a store limit)
 * and the message saying why. Either the old layout does not decode the stored row (a forged or
 * damaged key, a value its field cannot hold) or the new layout refuses the entity (a number too
 * wide for its new padding); nothing is ever cut to fit.
 *
 * <pre>{@code
 * result.refusals().forEach(r -> log.warn("{} not moved: {} {}", r.oldKey(), r.rule(), r.message()));
 * }</pre>
 *
 * @param oldKey the row's key in the old hot table
 * @param rule the rule id, e.g. {@code WK104}
 * @param message what is wrong and how to fix it
 */
public record RekeyRefusal(PrimaryKey oldKey, String rule, String message) {
  public RekeyRefusal {
    Objects.requireNonNull(oldKey, "oldKey");
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(message, "message");
  }
}
