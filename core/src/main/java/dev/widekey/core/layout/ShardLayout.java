package dev.widekey.core.layout;

/**
 * How a time-sharded entity's tables are split by period.
 *
 * @param period the {@code ShardPeriod} name ({@code MONTH}, …)
 * @param by the field whose time picks the period
 * @param tableNaming how a period's table is named from the base name, e.g. {@code <table>_yyyy_MM}
 */
public record ShardLayout(String period, String by, String tableNaming) {}
