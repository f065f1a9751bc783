package dev.widekey.processor.query;

import static com.google.common.truth.Truth.assertThat;
import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.widekey.processor.query.QueryFixtures.bad;
import static dev.widekey.processor.query.QueryFixtures.compile;
import static dev.widekey.processor.query.QueryFixtures.query;

import com.google.testing.compile.Compilation;
import dev.widekey.core.Rule;
import dev.widekey.core.RuleDocs;
import java.util.List;
import java.util.regex.Pattern;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * Rule WK307 on query interfaces: every refused shape, each with its whole message, on the line of
 * the method or parameter at fault; nothing is generated from an interface with an error.
 */
class QueryRefusalTest {
  /** The line javac shows under every WK307 message (it indents a message's further lines). */
  private static final String LINK =
      "\n  See " + RuleDocs.link(RuleDocs.DEFAULT_BASE_URL, Rule.WK307);

  private static final List<String> TXN_KEY =
      List.of("cardId", "sellerId", "deviceId", "orderNumber");

  private static void assertError(Compilation c, String message, JavaFileObject f, String line) {
    assertThat(message).startsWith(Rule.WK307.name() + ": ");
    Pattern exactly = Pattern.compile("\\A" + Pattern.quote(message + LINK) + "\\z");
    assertThat(c).hadErrorContainingMatch(exactly).inFile(f).onLineContaining(line);
  }

  /**
   * A query naming a @Transient property is told the property is not stored, not offered the
   * nearest stored name ("did you mean id?").
   */
  @Test
  void aTransientPropertyIsSaidToBeUnstored() {
    JavaFileObject entity =
        com.google.testing.compile.JavaFileObjects.forSourceString(
            "q.Note",
            "package q;\n"
                + "import dev.widekey.annotations.*;\n"
                + "@WideTable(name = \"notes\")\n"
                + "public record Note(\n"
                + "    @PartitionKey @KeyChars(\"0-9\") @MaxLength(8) String id,\n"
                + "    @KeyColumn long at,\n"
                + "    String v,\n"
                + "    @Transient String w) {}\n");
    JavaFileObject f =
        com.google.testing.compile.JavaFileObjects.forSourceString(
            "q.Notes",
            "package q;\n"
                + "import jakarta.data.repository.*;\n"
                + "import java.util.List;\n"
                + "@Repository\n"
                + "public interface Notes {\n"
                + "  @Find List<Note> byW(@By(\"id\") String id, @By(\"w\") String w);\n"
                + "  List<Note> findByW(String w);\n"
                + "  List<Note> findByIdOrderByWAsc(String id);\n"
                + "}\n");
    Compilation c = compile(entity, f);

    assertThat(c).failed();
    assertThat(c).hadErrorCount(3);
    String byW = QueryMessages.unstoredProperty("byW", "w", "Note", "@Transient");
    assertThat(byW)
        .isEqualTo(
            "WK307: byW names w, but Note declares it @Transient: it is not stored, so no read can"
                + " select or order by it. Remove it from the query, or store it (drop"
                + " @Transient).");
    assertError(c, byW, f, "@By(\"w\")");
    assertError(
        c, QueryMessages.unstoredProperty("findByW", "w", "Note", "@Transient"), f, "findByW(");
    assertError(
        c,
        QueryMessages.unstoredProperty("findByIdOrderByWAsc", "w", "Note", "@Transient"),
        f,
        "findByIdOrderByWAsc(");
  }

  /**
   * A property ending in a capital hides the And after it ("NoteIDAndW"): when the rest names no
   * property, the error names the part at fault, not "noteIDAndW".
   */
  @Test
  void anUnknownPartAfterACapitalEndedPropertyIsNamedAlone() {
    JavaFileObject entity =
        com.google.testing.compile.JavaFileObjects.forSourceString(
            "q.Memo",
            "package q;\n"
                + "import dev.widekey.annotations.*;\n"
                + "@WideTable(name = \"memos\")\n"
                + "public record Memo(\n"
                + "    @PartitionKey @KeyChars(\"0-9\") @MaxLength(8) String noteID,\n"
                + "    @KeyColumn long at,\n"
                + "    @Transient String w) {}\n");
    JavaFileObject f =
        com.google.testing.compile.JavaFileObjects.forSourceString(
            "q.Memos",
            "package q;\n"
                + "import jakarta.data.repository.*;\n"
                + "import java.util.List;\n"
                + "@Repository\n"
                + "public interface Memos {\n"
                + "  List<Memo> findByNoteIDAndW(String id, String w);\n"
                + "  List<Memo> findByNoteIDAndAtx(String id, long at);\n"
                + "}\n");
    Compilation c = compile(entity, f);

    assertThat(c).failed();
    assertThat(c).hadErrorCount(2);
    assertError(
        c,
        QueryMessages.unstoredProperty("findByNoteIDAndW", "w", "Memo", "@Transient"),
        f,
        "findByNoteIDAndW(");
    assertError(
        c,
        QueryMessages.unknownProperty("findByNoteIDAndAtx", "atx", "Memo", "at"),
        f,
        "findByNoteIDAndAtx(");
  }

  @Test
  void everyRefusedShapeOverTxn() {
    JavaFileObject f = bad("RefusedTxns");
    Compilation c = compile(f);

    assertThat(c).failed();
    assertThat(c).hadErrorCount(36);
    assertError(
        c,
        QueryMessages.notLeftmostPrefix("findBySellerId", "cardId", TXN_KEY, List.of("sellerId")),
        f,
        "findBySellerId(");
    assertError(
        c,
        QueryMessages.notLeftmostPrefix(
            "findByCardIdAndDeviceId", "sellerId", TXN_KEY, List.of("cardId", "deviceId")),
        f,
        "findByCardIdAndDeviceId(");
    assertError(
        c,
        QueryMessages.notLeftmostPrefix(
            "findByCardIdAndDeviceIdBetween", "sellerId", TXN_KEY, List.of("cardId", "deviceId")),
        f,
        "findByCardIdAndDeviceIdBetween(");
    assertError(
        c,
        QueryMessages.notLeftmostPrefix("everything", "cardId", TXN_KEY, List.of()),
        f,
        "everything(");
    assertError(
        c,
        QueryMessages.attributeCondition("findByChannel", "channel", TXN_KEY),
        f,
        "findByChannel(");
    assertError(
        c,
        QueryMessages.rangeNotLast(
            "findByCardIdAndSellerIdBetweenAndDeviceId", "sellerId", "deviceId"),
        f,
        "findByCardIdAndSellerIdBetweenAndDeviceId(");
    assertError(
        c,
        QueryMessages.unorderedRange(
            "findByCardIdBetween",
            "Between",
            "cardId is in the partition key: a range over it reads across partitions, and widekey"
                + " reads one partition-key value at a time"),
        f,
        "findByCardIdBetween(");
    assertError(
        c,
        QueryMessages.ordering("findByCardIdOrderByDeviceIdAsc", "deviceId ASC", TXN_KEY),
        f,
        "findByCardIdOrderByDeviceIdAsc(");
    assertError(
        c,
        QueryMessages.ordering(
            "findByCardIdOrderBySellerIdAscDeviceIdDesc", "sellerId ASC, deviceId DESC", TXN_KEY),
        f,
        "findByCardIdOrderBySellerIdAscDeviceIdDesc(");
    assertError(
        c,
        QueryMessages.unknownProperty("findByCardID", "cardID", "Txn", "cardId"),
        f,
        "findByCardID(");
    assertError(
        c,
        QueryMessages.unknownProperty("findByCardIdAndSelerId", "selerId", "Txn", "sellerId"),
        f,
        "findByCardIdAndSelerId(");
    assertError(
        c, QueryMessages.unknownProperty("bySeller", "selerId", "Txn", "sellerId"), f, "bySeller(");
    assertError(
        c,
        QueryMessages.parameterType("deviceId", "java.lang.String", "deviceId", "long"),
        f,
        "String sellerId, String deviceId)");
    assertError(
        c,
        QueryMessages.parameterCount(
            "findByCardIdAndSellerId", 1, 2, List.of("cardId", "sellerId")),
        f,
        "findByCardIdAndSellerId(String cardId);");
    assertError(c, QueryMessages.unmatchedParameter("device", "byDevice"), f, "byDevice(");
    assertError(
        c,
        QueryMessages.singleResult(
            "findByCardIdAndSellerId", "query.Txn", List.of("deviceId", "orderNumber")),
        f,
        "Txn findByCardIdAndSellerId(String cardId, String sellerId);");
    assertError(
        c,
        QueryMessages.singleResult(
            "findByCardIdAndSellerIdAndDeviceIdOrderByOrderNumber",
            "java.util.Optional<query.Txn>",
            List.of("orderNumber")),
        f,
        "findByCardIdAndSellerIdAndDeviceIdOrderByOrderNumber(");
    assertError(
        c,
        QueryMessages.unsupportedResult(
            "findByCardIdAndSellerIdAndDeviceIdAndOrderNumber", "java.lang.String"),
        f,
        "String findByCardIdAndSellerIdAndDeviceIdAndOrderNumber(");
    assertError(
        c,
        QueryMessages.cursoredPageWithoutRequest("findByCardIdAndSellerIdOrderByOrderNumber"),
        f,
        "findByCardIdAndSellerIdOrderByOrderNumber(");
    assertError(
        c,
        QueryMessages.pageRequestWithoutPage("findByCardIdAndSellerIdOrderByDeviceId"),
        f,
        "findByCardIdAndSellerIdOrderByDeviceId(");
    assertError(
        c,
        QueryMessages.pageWithLimit("findFirst2ByCardIdAndSellerId"),
        f,
        "findFirst2ByCardIdAndSellerId(");
    assertError(c, QueryMessages.pageOfOne("onePage"), f, "onePage(");
    assertError(
        c, QueryMessages.lifecycleParameter("add", "Insert", "Txn"), f, "void add(Txn a, Txn b)");
    // the refused parts of Jakarta Data, each with why
    String[][] refused = {
      {"findByCardIdOrChannel", "Or"},
      {"findByCardIdNot", "Not"},
      {"findByCardIdIn", "In"},
      {"findByChannelLike", "Like"},
      {"findByCardIdIgnoreCase", "IgnoreCase"},
      {"findByChannelNull", "Null"},
      {"jdql", "@Query"},
      {"findByCardIdOrderBySellerId", "Page"},
      {"findByCardIdOrderByDeviceId", "a Sort parameter"},
      {"findFirst2ByCardId", "both First and a Limit"},
      {"deleteByCardId", "deleteBy"},
      {"findByCardIdAndCardId", "two conditions on cardId"},
      {"listByCardId", "a method name that is no query"},
    };
    for (String[] r : refused) {
      assertThat(c)
          .hadErrorContainingMatch(
              "\\AWK307: "
                  + Pattern.quote(r[0] + " uses " + r[1] + ", which widekey refuses: ")
                  + ".+\\."
                  + Pattern.quote(LINK)
                  + "\\z")
          .inFile(f)
          .onLineContaining(" " + r[0] + "(");
    }
  }

  @Test
  void hashPrefixesEnumsBucketsAndSplicedKeys() {
    JavaFileObject f = bad("RefusedOthers");
    Compilation c = compile(f);

    assertThat(c).failed();
    assertThat(c).hadErrorCount(9);
    assertError(
        c,
        QueryMessages.unorderedRange(
            "findByUserIdBetween",
            "Between",
            "userId is @Reversed: its stored text is the value's digits backward"),
        f,
        "findByUserIdBetween(");
    assertError(
        c,
        QueryMessages.unorderedRange(
            "findByOrderNumberBetween",
            "Between",
            "orderNumber is in a hash-prefixed partition key, whose stored order is the digest's,"
                + " not the values'"),
        f,
        "findByOrderNumberBetween(");
    assertError(
        c,
        QueryMessages.notLeftmostPrefix(
            "findByLine", "orderNumber", List.of("orderNumber", "line"), List.of("line")),
        f,
        "findByLine(");
    assertError(
        c,
        QueryMessages.unorderedRange(
            "findByQueueAndPriorityBetween",
            "Between",
            "priority is an enum, stored by name: names do not sort as the values"),
        f,
        "findByQueueAndPriorityBetween(");
    assertError(
        c,
        QueryMessages.unorderedOrdering(
            "findByQueueOrderByPriorityDesc", "priority is an enum, stored by name"),
        f,
        "findByQueueOrderByPriorityDesc(");
    assertError(
        c,
        QueryMessages.rangeNotLast("findByTimestampBetweenAndSensor", "timestamp", "sensor"),
        f,
        "findByTimestampBetweenAndSensor(");
    assertError(
        c,
        QueryMessages.notLeftmostPrefix(
            "findBySensor", "timestamp", List.of("timestamp", "sensor"), List.of("sensor")),
        f,
        "findBySensor(");
    assertError(
        c,
        QueryMessages.notLeftmostPrefix(
            "findByShop", "region", List.of("region", "shop", "day"), List.of("shop")),
        f,
        "findByShop(");
    assertError(
        c,
        QueryMessages.unorderedRange(
            "findByRegionBetween",
            "Between",
            "region is in the partition key: a range over it reads across partitions, and widekey"
                + " reads one partition-key value at a time"),
        f,
        "findByRegionBetween(");
  }

  @Test
  void aQueryNoAccessPathServesNamesEachPathsReason() {
    JavaFileObject f = bad("TicketQueries");
    Compilation c = compile(f, query("Ticket"));
    assertThat(c).hadErrorCount(3);
    List<String> key = List.of("queue", "id");
    assertError(
        c,
        QueryMessages.noAccessPath(
            QueryMessages.attributeCondition("findByAssignee", "assignee", key),
            List.of(
                "index 'by_assignee' (assignee): it is not unique, so"
                    + " java.util.Optional<query.Ticket> cannot be read through it (name the method"
                    + " findFirstBy... or return Stream or List)")),
        f,
        "findByAssignee(");
    assertError(
        c,
        QueryMessages.noAccessPath(
            QueryMessages.notLeftmostPrefix("findById", "queue", key, List.of("id")),
            List.of("index 'by_assignee' (assignee): it has no component id")),
        f,
        "findById(");
    assertError(
        c,
        QueryMessages.noAccessPath(
            QueryMessages.attributeCondition("findByAssigneeBetween", "assignee", key),
            List.of(
                "index 'by_assignee' (assignee): assignee is the partition key of index"
                    + " 'by_assignee': a range over it reads across partitions, and widekey reads"
                    + " one partition-key value at a time")),
        f,
        "findByAssigneeBetween(");
  }

  /**
   * An interface whose implementation's class file name would pass 255 bytes is refused on the
   * interface, as an entity's generated names are (WK100), rather than failing the Filer's write;
   * one character shorter compiles.
   */
  @Test
  void anImplementationNameTooLongForAFileIsRefused() {
    JavaFileObject entity =
        com.google.testing.compile.JavaFileObjects.forSourceString(
            "q.Note",
            "package q;\n"
                + "import dev.widekey.annotations.*;\n"
                + "@WideTable(name = \"notes\")\n"
                + "public record Note(\n"
                + "    @PartitionKey @KeyChars(\"0-9\") @MaxLength(8) String id,\n"
                + "    @KeyColumn long at) {}\n");
    String longest = "R" + "x".repeat(247); // R..._.class is 255 bytes
    String over = longest + "x";
    java.util.function.Function<String, JavaFileObject> reads =
        n ->
            com.google.testing.compile.JavaFileObjects.forSourceString(
                "q." + n,
                "package q;\n"
                    + "import jakarta.data.repository.*;\n"
                    + "import java.util.List;\n"
                    + "@Repository\n"
                    + "public interface "
                    + n
                    + " {\n"
                    + "  List<Note> findById(String id);\n"
                    + "}\n");

    assertThat(compile(entity, reads.apply(longest))).succeededWithoutWarnings();
    JavaFileObject f = reads.apply(over);
    Compilation c = compile(entity, f);
    assertThat(c).failed();
    assertThat(c).hadErrorCount(1);
    String message = QueryMessages.fileNameTooLong(over, over + "_.class", 256, 255);
    assertThat(message)
        .isEqualTo(
            "WK307: @Repository "
                + over
                + " makes widekey generate the file "
                + over
                + "_.class, whose name is 256 bytes long, over the 255 bytes a file name holds on"
                + " common file systems, so it could not be written. Shorten the interface's name"
                + " (or the names of the types around it).");
    assertError(c, message, f, "public interface " + over);
  }

  @Test
  void anInterfaceNamesOneEntity() {
    JavaFileObject none = bad("NoEntity");
    Compilation c = compile(none);
    assertThat(c).hadErrorCount(1);
    assertError(c, QueryMessages.noEntity("NoEntity"), none, "public interface NoEntity");

    JavaFileObject several = bad("SeveralEntities");
    c = compile(several);
    assertThat(c).hadErrorCount(1);
    assertError(
        c,
        QueryMessages.severalEntities("SeveralEntities", List.of("Txn", "Reading")),
        several,
        "public interface SeveralEntities");
  }

  @Test
  void timeShardedReadsNameTheirWindowAndScanIt() {
    JavaFileObject f = bad("ShardedEvents");
    Compilation c = compile(f, bad("ShardedEvent"));
    assertThat(c).hadErrorCount(4);
    assertError(
        c, QueryMessages.windowParameters("findByDeviceId", "ShardedEvent"), f, "findByDeviceId(");
    assertError(
        c,
        QueryMessages.windowParameters("findByDeviceIdAndAt", "ShardedEvent"),
        f,
        "findByDeviceIdAndAt(");
    assertError(
        c,
        QueryMessages.shardedPointRead("findByDeviceIdAndAtAndSequence", "ShardedEvent"),
        f,
        "findByDeviceIdAndAtAndSequence(");
    assertError(
        c,
        QueryMessages.notLeftmostPrefix(
            "findBySequence",
            "deviceId",
            List.of("deviceId", "at", "sequence"),
            List.of("sequence")),
        f,
        "findBySequence(");
  }

  @Test
  void noPagesThroughTheIndexOfATimeShardedEntity() {
    JavaFileObject f = bad("EventPages");
    Compilation c = compile(f, query("Event"));
    assertThat(c).hadErrorCount(1);
    assertError(
        c,
        QueryMessages.noAccessPath(
            QueryMessages.attributeCondition(
                "findByKind", "kind", List.of("deviceId", "at", "sequence")),
            List.of(
                "index 'by_kind' (kind, at): pages through an index of a @TimeSharded entity are"
                    + " not generated yet (its index views over a window scan, count and exist but"
                    + " do not page)")),
        f,
        "findByKind(");
  }

  @Test
  void noPagesThroughAServiceMaintainedIndex() {
    JavaFileObject f = bad("IncidentPages");
    Compilation c = compile(f, query("Incident"));
    assertThat(c).hadErrorCount(1);
    assertError(
        c,
        QueryMessages.noAccessPath(
            QueryMessages.attributeCondition("findByTeam", "team", List.of("service", "number")),
            List.of(
                "index 'by_team' (team): pages through the service-maintained index are not"
                    + " generated (their tokens bind to a client-side index table)")),
        f,
        "findByTeam(");
  }

  /**
   * The generated implementation is a top-level class of the interface's package: an interface it
   * cannot name, name without type arguments, or extend (a sealed one) would be a javac error in a
   * generated file.
   */
  @Test
  void anInterfaceTheImplementationCannotImplementIsRefused() {
    JavaFileObject f = bad("Unimplementable");
    Compilation c = compile(f);
    assertThat(c).hadErrorCount(4);
    assertError(
        c,
        QueryMessages.privateInterface("Hidden", "Unimplementable_Hidden_", "Hidden"),
        f,
        "private interface Hidden");
    assertError(
        c,
        QueryMessages.privateInterface("Enclosed", "Unimplementable_Private_Enclosed_", "Private"),
        f,
        "public interface Enclosed");
    assertError(
        c,
        QueryMessages.genericInterface("Generic", "Unimplementable_Generic_"),
        f,
        "public interface Generic<T>");
    assertError(
        c,
        QueryMessages.sealedInterface("Sealed", "Unimplementable_Sealed_"),
        f,
        "public sealed interface Sealed");
  }

  /**
   * {@code First0} would read without a limit, a number past an int failed the processor, and a
   * second {@code Limit} or {@code PageRequest} would be ignored: each is refused on its method,
   * and one does not hide the others.
   */
  @Test
  void limitsThatMeanNothingOrAreStatedTwiceAreRefused() {
    JavaFileObject f = bad("LimitMistakes");
    Compilation c = compile(f);
    assertThat(c).hadErrorCount(4);
    String firstN = "First followed by a number from 1 to 2147483647 (First alone reads one)";
    assertError(
        c,
        QueryMessages.unsupported(
            "findFirst0ByCardId", "First0", "a query reads at most N rows with " + firstN),
        f,
        "findFirst0ByCardId(");
    assertError(
        c,
        QueryMessages.unsupported(
            "findFirst99999999999ByCardId",
            "First99999999999",
            "a query reads at most N rows with " + firstN),
        f,
        "findFirst99999999999ByCardId(");
    assertError(
        c,
        QueryMessages.unsupported(
            "findByCardId", "two Limit parameters", "one of them would be ignored; keep one"),
        f,
        "Limit another");
    assertError(
        c,
        QueryMessages.unsupported(
            "findByCardIdAndSellerIdOrderByDeviceId",
            "two PageRequest parameters",
            "one of them would be ignored; keep one"),
        f,
        "PageRequest page, PageRequest another");
  }

  /**
   * Two interfaces whose implementations get one name ({@code Nested.Reads} and {@code
   * Nested_Reads} both make {@code Nested_Reads_}), or a hand-written class of that name: a WK307
   * error on the interface, not the Filer's exception reported as widekey's failure.
   */
  @Test
  void anImplementationNameIsOneInterfaces() {
    JavaFileObject nested = bad("Nested");
    JavaFileObject flat = bad("Nested_Reads");
    Compilation c = compile(nested, flat);
    assertThat(c).hadErrorCount(1);
    assertError(
        c,
        QueryMessages.implementationTaken(
            "Nested_Reads", "query.bad.Nested_Reads_", "query.bad.Nested.Reads"),
        flat,
        "public interface Nested_Reads");

    JavaFileObject iface = bad("HandImplemented");
    c = compile(iface, bad("HandImplemented_"));
    assertThat(c).hadErrorCount(1);
    assertError(
        c,
        QueryMessages.implementationExists("HandImplemented", "query.bad.HandImplemented_"),
        iface,
        "public interface HandImplemented");
  }

  @Test
  void basicAndCrudRepositoriesAreRefused() {
    JavaFileObject f = bad("Basic");
    Compilation c = compile(f);
    assertThat(c).hadErrorCount(1);
    assertError(
        c,
        QueryMessages.inheritedRepository("Basic", "BasicRepository"),
        f,
        "public interface Basic");
  }

  @Test
  void anotherProvidersInterfaceIsLeftAlone() {
    Compilation c = compile(query("OtherProvider"));
    assertThat(c).succeededWithoutWarnings();
    assertThat(
            c.generatedSourceFiles().stream()
                .map(JavaFileObject::getName)
                .filter(n -> n.contains("OtherProvider_")))
        .isEmpty();
  }
}
