package dev.widekey.processor.query;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.widekey.processor.query.QueryFixtures.compile;
import static dev.widekey.processor.query.QueryFixtures.query;

import com.google.testing.compile.Compilation;
import org.junit.jupiter.api.Test;

/** Query interfaces that compile: every supported shape, implemented without warnings. */
class QueryInterfaceTest {
  @Test
  void supportedShapesCompileWithoutWarnings() {
    Compilation c =
        compile(
            query("Txns"),
            query("Readings"),
            query("Shops"),
            query("Jobs"),
            query("Task"),
            query("Tasks"),
            query("Event"),
            query("Events"),
            query("Incident"),
            query("Incidents"));
    assertThat(c).succeededWithoutWarnings();
    assertThat(c).generatedSourceFile("query.Txns_");
    assertThat(c).generatedSourceFile("query.Readings_");
    assertThat(c).generatedSourceFile("query.Shops_");
    assertThat(c).generatedSourceFile("query.Jobs_");
    // each query delegates to the generated repository's read of its shape
    assertThat(c)
        .generatedSourceFile("query.Txns_")
        .contentsAsUtf8String()
        .contains("return this.repository.scanByCardId(card);");
    assertThat(c)
        .generatedSourceFile("query.Txns_")
        .contentsAsUtf8String()
        .contains("return this.repository.scanByCardIdDescending(cardId);");
    assertThat(c)
        .generatedSourceFile("query.Txns_")
        .contentsAsUtf8String()
        .contains("return this.repository.get(cardId, sellerId, deviceId, orderNumber);");
    assertThat(c)
        .generatedSourceFile("query.Txns_")
        .contentsAsUtf8String()
        .contains(
            "<p>A count is a scan of keys (no attribute is read): the store keeps no row count.");
    assertThat(c)
        .generatedSourceFile("query.Readings_")
        .contentsAsUtf8String()
        .contains("return this.repository.scanByTimestampWithin(Bounds.closed(from, to));");
    assertThat(c)
        .generatedSourceFile("query.Txns_")
        .contentsAsUtf8String()
        .contains(
            "return this.repository.scanByCardIdAndSellerIdWithin(cardId, Bounds.greaterThan(sellerId));");
    assertThat(c)
        .generatedSourceFile("query.Txns_")
        .contentsAsUtf8String()
        .contains("return this.repository.countByCardId(cardId);");
    assertThat(c)
        .generatedSourceFile("query.Txns_")
        .contentsAsUtf8String()
        .contains(
            "return this.repository.page(\"query.Txns.findByCardIdAndSellerIdOrderByDeviceId("
                + "java.lang.String,java.lang.String,jakarta.data.page.PageRequest)\",");
    assertThat(c)
        .generatedSourceFile("query.Shops_")
        .contentsAsUtf8String()
        .contains("this.repository.scanByRegion(region)");
    assertThat(c)
        .generatedSourceFile("query.Readings_")
        .contentsAsUtf8String()
        .contains("this.repository.pageBuckets(");
    // a time-sharded entity: the window's scans, pages and counts of the sharded repository
    assertThat(c)
        .generatedSourceFile("query.Events_")
        .contentsAsUtf8String()
        .contains("return this.repository.scanByDeviceId(deviceId, since, until);");
    assertThat(c)
        .generatedSourceFile("query.Events_")
        .contentsAsUtf8String()
        .contains(
            "this.repository.scanByDeviceIdAndAtWithin(deviceId, Bounds.closed(from, to), since,"
                + " until)");
    assertThat(c)
        .generatedSourceFile("query.Events_")
        .contentsAsUtf8String()
        .contains("this.repository.byKind().scanByKindAndAtWithinDescending(kind,");
    assertThat(c)
        .generatedSourceFile("query.Events_")
        .contentsAsUtf8String()
        .contains(
            "return this.repository.countByDeviceIdAndAtWithin(deviceId, Bounds.closed(from, to),"
                + " since, until);");
    // through a service-maintained index: its view's scans and counts, its guarantee said
    assertThat(c)
        .generatedSourceFile("query.Incidents_")
        .contentsAsUtf8String()
        .contains("return this.repository.byTeam().countByTeam(team);");
    assertThat(c)
        .generatedSourceFile("query.Incidents_")
        .contentsAsUtf8String()
        .contains("Maintained by Tablestore as a global secondary index, asynchronously");
    // through index by_owner: its view's scans, counts and pages
    assertThat(c)
        .generatedSourceFile("query.Tasks_")
        .contentsAsUtf8String()
        .contains("return this.repository.byOwner().scanByOwner(owner);");
    assertThat(c)
        .generatedSourceFile("query.Tasks_")
        .contentsAsUtf8String()
        .contains(
            "this.repository.byOwner().scanByOwnerAndDueWithinDescending(owner, Bounds.closed(from, to))");
    assertThat(c)
        .generatedSourceFile("query.Tasks_")
        .contentsAsUtf8String()
        .contains(
            "return this.repository.byOwner().countByOwnerAndDueWithin(owner, Bounds.closed(from, to));");
    assertThat(c)
        .generatedSourceFile("query.Tasks_")
        .contentsAsUtf8String()
        .contains(
            "this.repository.pageIndex(\"query.Tasks.findByOwner(java.lang.String,jakarta.data.page.PageRequest)\",");
    assertThat(c)
        .generatedSourceFile("query.Tasks_")
        .contentsAsUtf8String()
        .contains(
            "in index order, read by a scan of index 'by_owner' (owner, due), {@code"
                + " TaskRepository.byOwner().scanByOwner}, each entity checked against its hot"
                + " row.");
  }

  /** A sealed interface is implemented when its permits clause names the generated class. */
  @Test
  void aSealedInterfacePermittingItsImplementationCompiles() {
    Compilation c = compile(query("PermittingTxns"));
    assertThat(c).succeededWithoutWarnings();
    assertThat(c).generatedSourceFile("query.PermittingTxns_");
  }

  /**
   * Queries inherited from a generic interface are read with its type arguments (Txn, String), as
   * javac sees them on the query interface, not with its type variables.
   */
  @Test
  void queriesInheritedFromAGenericInterfaceTakeItsTypeArguments() {
    Compilation c = compile(query("GenericReads"), query("InheritingTxns"));
    assertThat(c).succeededWithoutWarnings();
    assertThat(c)
        .generatedSourceFile("query.InheritingTxns_")
        .contentsAsUtf8String()
        .contains("public Stream<Txn> findByCardId(String cardId) {");
    assertThat(c)
        .generatedSourceFile("query.InheritingTxns_")
        .contentsAsUtf8String()
        .contains(
            "public List<Txn> findByCardIdAndSellerIdBetween(String cardId, String from, String to)");
  }

  /**
   * A property ending in a capital ({@code tenantID}, {@code k}) is followed by {@code And} like
   * any other: the name splits where its parts name properties.
   */
  @Test
  void propertiesEndingInACapitalSplitAtAnd() {
    Compilation c = compile(query("Badge"), query("Badges"));
    assertThat(c).succeededWithoutWarnings();
    assertThat(c)
        .generatedSourceFile("query.Badges_")
        .contentsAsUtf8String()
        .contains("return this.repository.scanByTenantIDAndK(tenantID, k);");
    assertThat(c)
        .generatedSourceFile("query.Badges_")
        .contentsAsUtf8String()
        .contains(
            "this.repository.scanByTenantIDAndKAndNWithin(tenantID, k, Bounds.closed(from, to))");
    assertThat(c)
        .generatedSourceFile("query.Badges_")
        .contentsAsUtf8String()
        .contains(
            "return this.repository.countByTenantIDAndKAndNWithin(tenantID, k, Bounds.greaterThan(n));");
  }

  /** Object's methods redeclared on the interface are Object's, implemented already: no query. */
  @Test
  void objectMethodsRedeclaredOnTheInterfaceAreNoQueries() {
    Compilation c = compile(query("DocumentedTxns"));
    assertThat(c).succeededWithoutWarnings();
    assertThat(c)
        .generatedSourceFile("query.DocumentedTxns_")
        .contentsAsUtf8String()
        .doesNotContain("toString");
  }

  /**
   * A parameter named like a type or package the implementation names in an expression ({@code
   * Bounds.closed}, {@code Math.toIntExact}, {@code KeyText.requireNonNull}, {@code List.of}) is
   * renamed in the implementation, as generated variables are ({@code Bounds$}).
   */
  @Test
  void parametersNamedLikeGeneratedReferencesHideNothing() {
    Compilation c = compile(query("CapitalTxns"));
    assertThat(c).succeededWithoutWarnings();
    assertThat(c)
        .generatedSourceFile("query.CapitalTxns_")
        .contentsAsUtf8String()
        .contains(
            "return this.repository.countByCardIdAndSellerIdWithin(Math$, Bounds.closed(Bounds$,"
                + " List$));");
  }
}
