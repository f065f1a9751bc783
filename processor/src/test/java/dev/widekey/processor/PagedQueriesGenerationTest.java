package dev.widekey.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.widekey.processor.Fixtures.compile;
import static dev.widekey.processor.Fixtures.good;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The generated bounds, page, count and existence methods (issue 20): their signatures in the keys,
 * the repositories and the sharded repositories, and that the Between forms delegate to the Within
 * ones.
 */
class PagedQueriesGenerationTest {

  private static String source(Compilation c, String name) throws IOException {
    return c.generatedSourceFile(name).orElseThrow().getCharContent(true).toString();
  }

  @Test
  void keyColumnRangesTakeBounds() throws IOException {
    Compilation c = compile(good("NewestReading"));
    assertThat(c).succeededWithoutWarnings();
    String keys = source(c, "good.NewestReadingKeys");
    assertThat(keys).contains("public static ScanRange rangeBySensorAndAtWithin(String sensor,");
    assertThat(keys).contains("Bounds<Instant> bounds)");
    // the descending column stores ~v: its bounds are flipped by the runtime
    assertThat(keys).contains(".descending()");
    assertThat(keys).contains("return rangeBySensorAndAtWithin(sensor, Bounds.between(from, to));");
    assertThat(keys).contains("Bounds<Integer> bounds)");

    String repo = source(c, "good.NewestReadingRepository");
    for (String signature :
        new String[] {
          "public Stream<NewestReading> scanBySensorAndAtWithin(String sensor, Bounds<Instant> bounds)",
          "public Stream<NewestReading> scanBySensorAndAtWithinDescending(String sensor,",
          "public CursoredPage<NewestReading> pageBySensor(String sensor, PageRequest request)",
          "public CursoredPage<NewestReading> pageBySensorDescending(String sensor,",
          "public CursoredPage<NewestReading> pageBySensorAndAtWithin(String sensor,",
          "public long countBySensorAndAtWithin(String sensor, Bounds<Instant> bounds)",
          "public boolean existsBySensor(String sensor)",
          "public NewestReadingRepository withContinuationKey(ContinuationKey key)",
        }) {
      assertThat(repo).contains(signature);
    }
    // the query id a token is bound to is the method's name, the same in both directions
    assertThat(repo)
        .contains(
            "return page(\"pageBySensor\", NewestReadingKeys.rangeBySensor(sensor), request);");
    assertThat(repo)
        .contains(
            "return page(\"pageBySensor\", NewestReadingKeys.rangeBySensor(sensor).backward(), request);");
  }

  @Test
  void bucketedAndShardedQueriesPage() throws IOException {
    Compilation c = compile(good("ShardedBucketedReading"));
    assertThat(c).succeededWithoutWarnings();
    String keys = source(c, "good.ShardedBucketedReadingKeys");
    assertThat(keys)
        .contains("public static List<ScanRange> rangesByAtWithin(Bounds<Instant> bounds)");
    assertThat(keys).contains("return BUCKETS.within(");

    String repo = source(c, "good.ShardedBucketedReadingRepository");
    assertThat(repo)
        .contains(
            "public CursoredPage<ShardedBucketedReading> pageByAtWithin(Bounds<Instant> bounds,");
    assertThat(repo)
        .contains("return pageBuckets(\"pageByAtWithin\", ShardedBucketedReadingKeys.BUCKETS,");
    assertThat(repo)
        .contains("return countBuckets(ShardedBucketedReadingKeys.rangesByAtWithin(bounds));");

    String sharded = source(c, "good.ShardedBucketedReadingShardedRepository");
    assertThat(sharded)
        .contains(
            "public CursoredPage<ShardedBucketedReading> pageByAtWithin(Bounds<Instant> bounds,");
    assertThat(sharded).contains("Instant since, Instant until, PageRequest request)");
    assertThat(sharded)
        .contains("public long countByAtWithin(Bounds<Instant> bounds, Instant since,");
    assertThat(sharded)
        .contains(
            "public ShardedBucketedReadingShardedRepository withContinuationKey(ContinuationKey key)");
  }
}
