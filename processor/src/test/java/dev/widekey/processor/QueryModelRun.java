package dev.widekey.processor;

import dev.widekey.processor.EntityFuzzer.Entities;
import dev.widekey.processor.EntityFuzzer.Target;
import dev.widekey.processor.RandomEntities.Entity;
import dev.widekey.processor.RandomEntities.Field;
import dev.widekey.runtime.query.ContinuationKey;
import dev.widekey.runtime.repository.SplitTableRepository;
import dev.widekey.runtime.repository.TimeShardedRepository;
import dev.widekey.runtime.store.PrimaryKey;
import dev.widekey.runtime.store.WideTableStore;
import dev.widekey.runtime.store.embedded.EmbeddedStore;
import jakarta.data.Limit;
import jakarta.data.page.CursoredPage;
import jakarta.data.page.PageRequest;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Stream;

/**
 * Runs the query fuzzer's generated query implementations on the embedded store against a model:
 * random rows are put through the repository, and each query's answer must be the stored rows its
 * parameters select, computed here from the written values (key values compared as values, the
 * window by the shard value), in the order a scan returns them. Prefix queries as streams, with a
 * {@code Limit} and as chains of {@code CursoredPage}s; the whole-key {@code Optional}.
 */
final class QueryModelRun {
  private QueryModelRun() {}

  private static final int ROWS = 12;
  private static final ContinuationKey KEY =
      ContinuationKey.of("query fuzzer continuation key 32".getBytes(StandardCharsets.UTF_8));
  private static final LongAdder QUERIES = new LongAdder();
  private static final LongAdder ROWS_RETURNED = new LongAdder();
  private static final LongAdder PAGES = new LongAdder();

  /** Prints what the runs did, for the record of a longer run. */
  static void report(long seed) {
    System.err.printf(
        "query fuzzer, seed %d: %d queries run against the model, %d rows returned, %d pages%n",
        seed, QUERIES.sum(), ROWS_RETURNED.sum(), PAGES.sum());
  }

  /** Null if every query answers as the model does; else what went wrong. */
  static String run(Entity e, ClassLoader loader, boolean extras, Random r) {
    String[] step = {"loading"};
    try (WideTableStore store = EmbeddedStore.inMemory()) {
      Class<?> type = loader.loadClass(e.binaryName());
      Class<?> keys = loader.loadClass(e.generated("Keys"));
      Class<?> enumType = null;
      if (e.fields.stream().anyMatch(f -> f.type == RandomEntities.Type.ENUM)) {
        enumType =
            loader.loadClass(
                e.topLevelEnum ? e.qualified(e.enumName) : e.binaryName() + "$" + e.enumName);
      }
      Entities entities = new Entities(e, type, keys, enumType);
      Target target =
          e.shardBy == null
              ? new EntityFuzzer.Plain(e, loader, store, entities)
              : new EntityFuzzer.Sharded(e, loader, store, entities);
      Object repo = target.repo();
      if (repo instanceof SplitTableRepository<?> s) {
        s.withContinuationKey(KEY);
      } else {
        ((TimeShardedRepository<?, ?>) repo).withContinuationKey(KEY);
      }
      Map<Object, Object[]> written = write(e, entities, target, r, step);
      List<Object[]> order = EntityFuzzer.storeOrder(e, entities, written.values(), true);
      Object queries = implementation(loader, e.qualified("FuzzQueries_"), repo);
      Object more = extras ? implementation(loader, e.qualified("FuzzExtras_"), repo) : null;
      return check(e, entities, target, queries, more, order, r, step);
    } catch (Throwable x) {
      return step[0] + ": " + EntityFuzzer.trace(x);
    }
  }

  private static Object implementation(ClassLoader loader, String name, Object repo)
      throws Exception {
    return loader.loadClass(name).getConstructor(repo.getClass()).newInstance(repo);
  }

  /** Random rows put through the repository, sharing leading key values; the stored by id. */
  private static Map<Object, Object[]> write(
      Entity e, Entities entities, Target target, Random r, String[] step) throws Throwable {
    List<Field> keyFields = e.keyFields();
    Map<Object, Object[]> written = new HashMap<>();
    List<Object[]> rows = new ArrayList<>();
    for (int row = 0; row < ROWS; row++) {
      Object[] values = newValues(e, entities, r);
      if (!rows.isEmpty() && r.nextBoolean()) {
        Object[] earlier = rows.get(r.nextInt(rows.size()));
        for (int k = 0, shared = 1 + r.nextInt(keyFields.size()); k < shared; k++) {
          int i = e.fields.indexOf(keyFields.get(k));
          values[i] = earlier[i];
        }
      }
      PrimaryKey pk =
          (PrimaryKey)
              EntityFuzzer.invoke(entities.ofValues, null, EntityFuzzer.keyValues(e, values));
      Object id = target.id(pk, values);
      if (entities.version >= 0) {
        Object[] stored = written.get(id);
        values[entities.version] = stored == null ? 0L : stored[entities.version];
      }
      Object entity = entities.build(values);
      if (e.record && e.extras) {
        values = entities.values(entity);
      }
      for (int i = 0; i < values.length; i++) {
        values[i] = RandomEntities.truncated(e.fields.get(i), values[i]);
      }
      step[0] = "put " + EntityFuzzer.describe(e, values);
      target.put(entity);
      if (entities.version >= 0) {
        values[entities.version] = (Long) values[entities.version] + 1;
      }
      written.put(id, values);
      rows.add(values);
    }
    return written;
  }

  private static Object[] newValues(Entity e, Entities entities, Random r) {
    Object[] values = new Object[e.fields.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = RandomEntities.value(r, e, e.fields.get(i), entities.enumType);
    }
    return values;
  }

  private static String check(
      Entity e,
      Entities entities,
      Target target,
      Object queries,
      Object extras,
      List<Object[]> order,
      Random r,
      String[] step)
      throws Throwable {
    List<Field> key = e.keyFields();
    boolean sharded = e.shardBy != null;
    for (int attempt = 0; attempt < 4; attempt++) {
      // the key values of a stored row mostly, of a row never written else (truncated as stored)
      Object[] reference =
          r.nextInt(4) > 0 ? order.get(r.nextInt(order.size())) : newValues(e, entities, r);
      Object[] refKey = EntityFuzzer.keyValues(e, reference);
      for (int i = 0; i < refKey.length; i++) {
        refKey[i] = RandomEntities.truncated(key.get(i), refKey[i]);
      }
      Object[] window = target.window(order, r);
      for (Method m : queries.getClass().getMethods()) {
        String name = m.getName();
        int k;
        if (name.startsWith("prefix")) {
          k = Integer.parseInt(name.substring("prefix".length()));
        } else if (name.equals("one")) {
          k = key.size();
        } else {
          continue;
        }
        List<Object[]> expected = selected(e, entities, target, order, refKey, k, window);
        Object[] args = args(refKey, k, sharded ? window : null, null);
        step[0] = name + show(args);
        Object result = EntityFuzzer.invoke(m, queries, args);
        List<?> got;
        if (result instanceof Optional<?> o) {
          got = o.map(List::of).orElse(List.of());
        } else {
          try (Stream<?> s = (Stream<?>) result) {
            got = s.toList();
          }
        }
        String problem = compare(e, entities, target, expected, got, step[0]);
        if (problem != null) {
          return problem;
        }
      }
      if (extras == null) {
        continue;
      }
      for (Method m : extras.getClass().getMethods()) {
        String name = m.getName();
        boolean limited = name.startsWith("limited");
        if (!limited && !name.startsWith("page")) {
          continue;
        }
        int k = Integer.parseInt(name.substring(limited ? 7 : 4));
        List<Object[]> expected = selected(e, entities, target, order, refKey, k, window);
        int size = 1 + r.nextInt(4);
        if (limited) {
          Object[] args = args(refKey, k, sharded ? window : null, Limit.of(size));
          step[0] = name + show(args);
          List<?> got;
          try (Stream<?> s = (Stream<?>) EntityFuzzer.invoke(m, extras, args)) {
            got = s.toList();
          }
          String problem =
              compare(
                  e,
                  entities,
                  target,
                  expected.subList(0, Math.min(size, expected.size())),
                  got,
                  step[0]);
          if (problem != null) {
            return problem;
          }
          continue;
        }
        List<Object> got = new ArrayList<>();
        PageRequest request = PageRequest.ofSize(size);
        for (int n = 0; ; n++) {
          Object[] args = args(refKey, k, sharded ? window : null, request);
          step[0] = name + show(args) + " page " + (n + 1);
          CursoredPage<?> page = (CursoredPage<?>) EntityFuzzer.invoke(m, extras, args);
          PAGES.increment();
          if (page.numberOfElements() > request.size()) {
            return step[0] + ": " + page.numberOfElements() + " rows on a page of " + size;
          }
          got.addAll(page.content());
          if (!page.hasNext()) {
            break;
          }
          if (n > expected.size() + 1) {
            return step[0] + ": more pages than rows";
          }
          request = page.nextPageRequest();
        }
        String problem = compare(e, entities, target, expected, got, name + " pages");
        if (problem != null) {
          return problem;
        }
      }
    }
    return null;
  }

  /** The stored rows, in scan order, whose first {@code k} key values are these, in the window. */
  private static List<Object[]> selected(
      Entity e,
      Entities entities,
      Target target,
      List<Object[]> order,
      Object[] refKey,
      int k,
      Object[] window) {
    List<Object[]> out = new ArrayList<>();
    for (Object[] row : order) {
      Object[] rowKey = EntityFuzzer.keyValues(e, row);
      boolean match = true;
      for (int i = 0; i < k && match; i++) {
        match = RandomEntities.compareKeyValue(rowKey[i], refKey[i]) == 0;
      }
      if (match && (e.shardBy == null || target.inWindow(row, window))) {
        out.add(row);
      }
    }
    return out;
  }

  private static Object[] args(Object[] refKey, int k, Object[] window, Object last) {
    List<Object> out = new ArrayList<>(List.of(refKey).subList(0, k));
    if (window != null) {
      out.add(window[0]);
      out.add(window[1]);
    }
    if (last != null) {
      out.add(last);
    }
    return out.toArray();
  }

  /** The rows a query returned are the expected ones, in order, each read as written. */
  private static String compare(
      Entity e, Entities entities, Target target, List<Object[]> expected, List<?> got, String what)
      throws Throwable {
    QUERIES.increment();
    ROWS_RETURNED.add(got.size());
    List<Object> expectedIds = new ArrayList<>();
    for (Object[] w : expected) {
      expectedIds.add(
          target.id(
              (PrimaryKey)
                  EntityFuzzer.invoke(entities.ofValues, null, EntityFuzzer.keyValues(e, w)),
              w));
    }
    List<Object> gotIds = new ArrayList<>();
    for (Object g : got) {
      gotIds.add(target.id(g));
    }
    if (!gotIds.equals(expectedIds)) {
      return what + " gave " + gotIds + ", the model " + expectedIds;
    }
    for (int i = 0; i < got.size(); i++) {
      String diff = EntityFuzzer.difference(entities.type, e, expected.get(i), got.get(i), false);
      if (diff != null) {
        return what + ": row " + i + ": " + diff;
      }
    }
    return null;
  }

  private static String show(Object[] args) {
    List<String> out = new ArrayList<>();
    for (Object a : args) {
      out.add(RandomEntities.show(a));
    }
    return out.toString();
  }
}
