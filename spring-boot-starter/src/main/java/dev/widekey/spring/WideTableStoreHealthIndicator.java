package dev.widekey.spring;

import dev.widekey.runtime.store.StoreException;
import dev.widekey.runtime.store.WideTableStore;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * UP when the store answers a cheap call (listing the tables of a prefix no table has), DOWN with
 * the store's error kind otherwise, or with the exception when the store fails otherwise (a runtime
 * exception, or a class of its client library missing at run time): it never throws.
 */
public class WideTableStoreHealthIndicator implements HealthIndicator {
  /** The prefix listed: a name no generated table takes, so that the answer is empty. */
  static final String PROBE_PREFIX = "widekey-health-probe-";

  private final WideTableStore store;

  public WideTableStoreHealthIndicator(WideTableStore store) {
    this.store = store;
  }

  @Override
  public Health health() {
    String kind = store.getClass().getSimpleName();
    try {
      store.listTables(PROBE_PREFIX);
      return Health.up().withDetail("store", kind).build();
    } catch (StoreException e) {
      return Health.down()
          .withDetail("store", kind)
          .withDetail("error", e.kind().name())
          .withDetail("retryable", e.retryable())
          .withDetail("message", String.valueOf(e.getMessage()))
          .build();
    } catch (RuntimeException | LinkageError e) {
      // a LinkageError: the backend's client library is incomplete at run time; that store is
      // down, and the health endpoint must still answer (other Errors are the JVM's, not the
      // store's)
      return Health.down(e).withDetail("store", kind).build();
    }
  }
}
