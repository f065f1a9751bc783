/**
 * Time-sharded tables: one table per period of a time field ({@code orders_2026_11}), the periods'
 * arithmetic in UTC ({@link dev.widekey.core.shard.Periods}) and the instant a shard value stands
 * for ({@link dev.widekey.runtime.shard.ShardTimes}). The repository over them is {@link
 * dev.widekey.runtime.repository.TimeShardedRepository}.
 */
package dev.widekey.runtime.shard;
