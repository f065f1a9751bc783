package dev.widekey.kotlin

import dev.widekey.annotations.ColdColumn
import dev.widekey.annotations.HashPrefix
import dev.widekey.annotations.KeyChars
import dev.widekey.annotations.KeyColumn
import dev.widekey.annotations.MaxLength
import dev.widekey.annotations.Money
import dev.widekey.annotations.PartitionKey
import dev.widekey.annotations.WideTable
import java.math.BigDecimal
import java.time.Instant

/**
 * A Kotlin data class as a widekey entity. kapt hands the processor a Java view of it: private
 * final fields, the primary constructor and getters (`getDeviceId()`), which the processor takes
 * as a plain class built through its all-arguments constructor. widekey's annotations target
 * fields only, so on a constructor property Kotlin puts them on the field without a use-site
 * target; `@field:` says the same explicitly.
 */
@WideTable(name = "sensor_readings")
data class SensorReading(
    @PartitionKey @HashPrefix(length = 4) @KeyChars("a-z0-9-") @MaxLength(32) val deviceId: String,
    @KeyColumn(order = 0) val readAt: Instant,
    @field:KeyColumn(order = 1) val channel: Int,
    val celsius: Double,
    val label: String?,
    val calibrated: Boolean,
    val isSpare: Boolean,
    @Money(scale = 2) val cost: BigDecimal?,
    @ColdColumn(compress = true) val rawPayload: String?,
)
