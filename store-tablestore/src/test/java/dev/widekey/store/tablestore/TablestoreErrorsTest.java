package dev.widekey.store.tablestore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.alicloud.openservices.tablestore.ClientException;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.Error;
import dev.widekey.runtime.store.ErrorKind;
import dev.widekey.runtime.store.StoreException;
import java.net.SocketTimeoutException;
import org.junit.jupiter.api.Test;

class TablestoreErrorsTest {
  @Test
  void clientSideFailuresAreRetryable() {
    StoreException timeout =
        TablestoreErrors.map(
            "put",
            new ClientException("request failed", new SocketTimeoutException("read timed out")));
    assertEquals(ErrorKind.TIMEOUT, timeout.kind());
    assertTrue(timeout.retryable());
    StoreException network = TablestoreErrors.map("put", new ClientException("Connection refused"));
    assertEquals(ErrorKind.UNAVAILABLE, network.kind());
    assertTrue(network.retryable());
  }

  @Test
  void theSdksArgumentChecksAreInvalidRequests() {
    StoreException e = TablestoreErrors.map("put", new IllegalArgumentException("bad name"));
    assertEquals(ErrorKind.INVALID_REQUEST, e.kind());
    assertFalse(e.retryable());
  }

  @Test
  void anUnknownCodeFollowsTheHttpStatus() {
    StoreException server =
        TablestoreErrors.map("put", new TableStoreException("?", null, "OTSNewThing", "r", 503));
    assertEquals(ErrorKind.INTERNAL, server.kind());
    assertTrue(server.retryable());
    StoreException client =
        TablestoreErrors.map("put", new TableStoreException("?", null, "OTSNewThing", "r", 400));
    assertEquals(ErrorKind.INVALID_REQUEST, client.kind());
    assertFalse(client.retryable());
  }

  @Test
  void rowErrorsMapByCode() {
    StoreException e = TablestoreErrors.fromRowError("row", new Error("OTSTimeout", "slow"));
    assertEquals(ErrorKind.TIMEOUT, e.kind());
    assertTrue(e.retryable());
  }
}
