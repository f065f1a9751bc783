/**
 * widekey-core: the facts the annotation processor and the runtime share, so that a design the
 * processor accepts is one the runtime can store, and so that the processor's path (annotations,
 * core, JavaPoet, Commons Text) carries neither the runtime, its storage engines nor Commons Codec.
 * It holds the rule ids and their exception ({@link dev.widekey.core.Rule}, {@link
 * dev.widekey.core.RuleViolationException}), per-profile limits and size measures, key alphabets,
 * hash-prefix and bucket widths, reserved column names, value bounds, period names, strict UTF-8
 * and the table layout model with its text format.
 *
 * <p>Only the JDK and the annotations' enums (profiles, hash algorithms, shard periods) are
 * depended on. Behaviour that needs the runtime's keys, rows or stores stays in the runtime, which
 * depends on this module and refers to these facts rather than repeating them.
 */
package dev.widekey.core;
