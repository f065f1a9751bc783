package dev.widekey.sample;

import dev.widekey.annotations.KeyChars;
import dev.widekey.annotations.KeyColumn;
import dev.widekey.annotations.MaxLength;
import dev.widekey.annotations.Money;
import dev.widekey.annotations.PartitionKey;
import dev.widekey.annotations.Profile;
import dev.widekey.annotations.WideTable;
import java.math.BigDecimal;

/**
 * Lindorm's {@code orders} example: the payment channel leads the key and the order id orders a
 * channel's rows, so {@code channel = 'alipay' AND id > 'a0089'} is a leftmost prefix and a range,
 * one contiguous read ({@code scanByChannelAndIdWithin("alipay", Bounds.greaterThan("a0089"))}).
 */
@WideTable(name = "channel_orders", profile = Profile.LINDORM)
public record ChannelOrder(
    @PartitionKey @KeyChars("a-z") @MaxLength(16) String channel,
    @KeyColumn @KeyChars("a-z0-9") @MaxLength(16) String id,
    @Money(scale = 2) BigDecimal total) {}
