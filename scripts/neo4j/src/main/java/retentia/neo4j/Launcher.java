package retentia.neo4j;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.neo4j.configuration.GraphDatabaseInternalSettings;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.HttpConnector;
import org.neo4j.configuration.connectors.HttpsConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.graphdb.GraphDatabaseService;

/**
 * Neo4j 5 Community with a Bolt listener on loopback and authentication off: the database
 * Retentia's tests and local development talk to. No HTTP, no Docker.
 *
 * <p>Usage: {@code Launcher HOME_DIR PORT [--stop-on-stdin-close]}. Prints {@code bolt://HOST:PORT}
 * on one line once the default database is available, then runs until SIGTERM/SIGINT (or, with
 * the flag, until standard input closes: the parent that owns the pipe died or let go).
 */
public final class Launcher {
    private static final String HOST = "127.0.0.1";

    private Launcher() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: Launcher HOME_DIR PORT [--stop-on-stdin-close]");
            System.exit(2);
        }
        Path home = Path.of(args[0]).toAbsolutePath();
        int port = Integer.parseInt(args[1]);
        boolean watchStdin = args.length > 2 && args[2].equals("--stop-on-stdin-close");

        DatabaseManagementService dbms = new DatabaseManagementServiceBuilder(home)
                .setConfig(BoltConnector.enabled, true)
                .setConfig(BoltConnector.listen_address, new SocketAddress(HOST, port))
                .setConfig(BoltConnector.advertised_address, new SocketAddress(HOST, port))
                .setConfig(BoltConnector.encryption_level, BoltConnector.EncryptionLevel.DISABLED)
                .setConfig(HttpConnector.enabled, false)
                .setConfig(HttpsConnector.enabled, false)
                .setConfig(GraphDatabaseSettings.auth_enabled, false)
                // A test database is small: keep memory and disk use modest on a 2-core CI box.
                .setConfig(GraphDatabaseSettings.pagecache_memory, 256L * 1024 * 1024)
                .setConfig(GraphDatabaseSettings.preallocate_logical_logs, false)
                // Bolt's netty loops otherwise idle 5 s each before a shutdown completes.
                .setConfig(GraphDatabaseInternalSettings.netty_server_shutdown_quiet_period, 0)
                .build();

        CountDownLatch stopped = new CountDownLatch(1);
        Thread shutdown = new Thread(() -> {
            dbms.shutdown();
            stopped.countDown();
        }, "retentia-neo4j-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdown);

        GraphDatabaseService db = dbms.database(GraphDatabaseSettings.DEFAULT_DATABASE_NAME);
        if (!db.isAvailable(TimeUnit.MINUTES.toMillis(5))) {
            System.err.println("the default database did not become available");
            System.exit(1);
        }
        System.out.println("bolt://" + HOST + ":" + port);
        System.out.flush();

        if (watchStdin) {
            waitForEndOfInput(System.in);
            System.exit(0); // runs the shutdown hook
        }
        stopped.await();
    }

    private static void waitForEndOfInput(InputStream in) {
        byte[] buffer = new byte[256];
        try {
            while (in.read(buffer) >= 0) {
                // whatever the parent writes is ignored; only the end of input matters
            }
        } catch (IOException e) {
            // a broken pipe means the same as end of input
        }
    }
}
