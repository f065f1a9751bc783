package dev.widekey.store.tablestore;

import com.alicloud.openservices.tablestore.ClientConfiguration;
import com.alicloud.openservices.tablestore.ClientException;
import com.alicloud.openservices.tablestore.InternalClient;
import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.model.CreateTableRequestEx;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/** Builds the SDK clients of a store connected to the service. */
final class TablestoreClients {
  private TablestoreClients() {}

  static TablestoreStore connect(
      String endpoint,
      String instance,
      String accessKeyId,
      String accessKeySecret,
      ClientConfiguration config,
      Duration readyTimeout) {
    ClientConfiguration conf = config != null ? config : new ClientConfiguration();
    SyncClient client = new SyncClient(endpoint, accessKeyId, accessKeySecret, instance, conf);
    SplitTableCreator creator =
        new SplitTableCreator(endpoint, instance, accessKeyId, accessKeySecret, conf);
    return new TablestoreStore(
            client,
            creator,
            () -> {
              try {
                client.shutdown();
              } finally {
                creator.shutdown();
              }
            },
            readyTimeout)
        .describedAs("endpoint=" + endpoint + ", instance=" + instance);
  }

  /**
   * Sends CreateTable with split points. Only the SDK's {@code InternalClient} has that call
   * ({@code createTableEx}); it is opened on first use, since tables are created rarely.
   */
  static final class SplitTableCreator implements Consumer<CreateTableRequestEx> {
    private final String endpoint;
    private final String instance;
    private final String accessKeyId;
    private final String accessKeySecret;
    private final ClientConfiguration config;
    private InternalClient internal;

    SplitTableCreator(
        String endpoint,
        String instance,
        String accessKeyId,
        String accessKeySecret,
        ClientConfiguration config) {
      this.endpoint = endpoint;
      this.instance = instance;
      this.accessKeyId = accessKeyId;
      this.accessKeySecret = accessKeySecret;
      this.config = config;
    }

    @Override
    public synchronized void accept(CreateTableRequestEx request) {
      if (internal == null) {
        internal = new InternalClient(endpoint, accessKeyId, accessKeySecret, instance, config);
      }
      try {
        // the future throws the service's TableStoreException itself, as SyncClient relies on
        internal
            .createTableEx(request, null)
            .get(config.getSyncClientWaitFutureTimeoutInMillis(), TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new ClientException(
            "interrupted creating table " + request.getTableMeta().getTableName(), e);
      } catch (ExecutionException | TimeoutException e) {
        throw new ClientException("creating table " + request.getTableMeta().getTableName(), e);
      }
    }

    synchronized void shutdown() {
      if (internal != null) {
        internal.shutdown();
        internal = null;
      }
    }
  }
}
