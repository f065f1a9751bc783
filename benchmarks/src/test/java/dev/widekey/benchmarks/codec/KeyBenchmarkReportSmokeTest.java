package dev.widekey.benchmarks.codec;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Runs every key benchmark once, for a few milliseconds, in this JVM, so that the benchmarks cannot
 * rot: they compile against the generated code, run, and the report pairs them up. The figures of
 * such a run mean nothing and are not looked at.
 */
class KeyBenchmarkReportSmokeTest {
  @Test
  void everyGoalGetsARow() throws Exception {
    KeyBenchmarkReport.Settings smoke =
        new KeyBenchmarkReport.Settings(
            true,
            1,
            0,
            1,
            0.02,
            "dev\\.widekey\\.benchmarks\\.codec\\.(KeyCodec|HashPrefix|Repository)Benchmark\\..*");
    String report = KeyBenchmarkReport.run(smoke);
    for (String goal :
        new String[] {
          "partitionKey", "primaryKey", "decode", "roundTrip", "hashPrefix", "put", "get"
        }) {
      assertTrue(report.contains("| " + goal + " |"), () -> goal + " missing from\n" + report);
    }
  }
}
