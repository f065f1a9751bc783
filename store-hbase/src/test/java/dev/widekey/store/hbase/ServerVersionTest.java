package dev.widekey.store.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Which conditional-write features a server version has, from the versions servers report. */
class ServerVersionTest {
  @Test
  void readsTheVersionsServersReport() {
    assertEquals(new ServerVersion(2, 6, "2.6.4"), ServerVersion.parse("2.6.4"));
    assertEquals(new ServerVersion(2, 4, "2.4.18-hadoop3"), ServerVersion.parse("2.4.18-hadoop3"));
    assertEquals(1, ServerVersion.parse("1.4.13").major());
    assertFalse(ServerVersion.parse("").known());
    assertFalse(ServerVersion.parse(null).known());
    // what the client reports for a region server that did not report its version
    assertFalse(ServerVersion.parse("0.0.0").known());
    assertFalse(ServerVersion.parse("Unknown").known());
  }

  @Test
  void batchesCarryConditionsOnlyFromTwoFourOn() {
    assertTrue(ServerVersion.parse("2.4.0").conditionsInBatches());
    assertTrue(ServerVersion.parse("3.0.0-beta-1").conditionsInBatches());
    assertFalse(ServerVersion.parse("2.3.7").conditionsInBatches());
    assertFalse(ServerVersion.parse("1.7.2").conditionsInBatches());
    assertFalse(ServerVersion.UNKNOWN.conditionsInBatches(), "an unknown server promises nothing");
  }

  @Test
  void columnConditionsAreRefusedOnlyWhereTheServerIsKnownToLackThem() {
    assertTrue(ServerVersion.parse("2.2.7").lacksFilterConditions());
    assertTrue(ServerVersion.parse("1.4.13").lacksFilterConditions());
    assertFalse(ServerVersion.parse("2.3.0").lacksFilterConditions());
    // a single checkAndMutate to a server without the feature fails; it is sent
    assertFalse(ServerVersion.UNKNOWN.lacksFilterConditions());
  }

  @Test
  void theLeastVersionDecidesAndAnUnknownOneWins() {
    ServerVersion master = ServerVersion.parse("2.6.4");
    assertEquals("2.3.1", master.least(ServerVersion.parse("2.3.1")).text());
    assertEquals("2.3.1", ServerVersion.parse("2.3.1").least(master).text());
    assertFalse(master.least(ServerVersion.UNKNOWN).known());
  }
}
