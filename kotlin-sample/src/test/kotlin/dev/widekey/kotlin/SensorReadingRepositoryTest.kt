package dev.widekey.kotlin

import dev.widekey.runtime.store.embedded.EmbeddedStore
import java.math.BigDecimal
import java.time.Instant
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class SensorReadingRepositoryTest {
  @Test
  fun writesAndReadsADataClassThroughTheGeneratedRepository() {
    EmbeddedStore.inMemory().use { store ->
      val readings = SensorReadingRepository(store)
      readings.createTables()
      val at = Instant.parse("2026-11-26T10:15:30.123Z")
      val reading =
          SensorReading(
              deviceId = "boiler-7",
              readAt = at,
              channel = 2,
              celsius = 71.5,
              label = null,
              calibrated = true,
              isSpare = false,
              cost = BigDecimal("0.35"),
              rawPayload = "x".repeat(10_000),
          )
      readings.put(reading)
      readings.put(reading.copy(channel = 3, label = "spare", isSpare = true, cost = null, rawPayload = null))

      val hot = readings.get("boiler-7", at, 2).orElseThrow()
      assertEquals(reading.copy(rawPayload = null), hot) // the cold column is read on demand only
      val back = readings.getWithCold("boiler-7", at, 2)
      assertTrue(back.isPresent)
      assertEquals(reading, back.get()) // data-class equality: every field, the cold one too

      val other = readings.getWithCold("boiler-7", at, 3).orElseThrow()
      assertTrue(other.isSpare)
      assertEquals("spare", other.label)
      assertEquals(null, other.cost)
      assertEquals(null, other.rawPayload)
      readings.scanByDeviceId("boiler-7").use { rows -> assertEquals(listOf(2, 3), rows.map { it.channel }.toList()) }
    }
  }
}
