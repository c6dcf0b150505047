// DynamoDB Local listening on 127.0.0.1 only (local/dynamodb/dynamodb-local.ts compiles and starts this).
//
// DynamoDB Local has no bind-address option: its own main (ServerRunner) builds a Jetty server on
// every interface, and with -sharedDb and any credentials accepted, anyone on the network could
// read and write the twin's orders and subscribers. This main takes the same command line, builds
// the same server through DynamoDB Local's own factory, and sets the host of its Jetty connector to
// the loopback address before the server binds. It does not start DynamoDB Local's telemetry (the
// twin passes -disableTelemetry anyway).
//
// Any failure — an argument DynamoDB Local refuses, a port already taken, a release whose server
// no longer has the field read here — prints the error and exits with status 1, so the twin sees
// the start fail at once instead of waiting for a server that never answers.

import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

public final class DynamoDbLocalOnLoopback {
  private static final String LOOPBACK = "127.0.0.1";

  private DynamoDbLocalOnLoopback() {}

  public static void main(String[] args) {
    try {
      DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
      Server jetty = jettyServerOf(proxy);
      Connector[] connectors = jetty.getConnectors();
      if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local's server has no connector");
      for (Connector connector : connectors) {
        if (!(connector instanceof ServerConnector network)) {
          throw new IllegalStateException("DynamoDB Local's server has an unexpected connector: " + connector);
        }
        network.setHost(LOOPBACK);
      }
      // Unlike DynamoDBProxyServer.start(), which prints a bind failure and carries on, this throws.
      proxy.safeStart();
    } catch (Throwable error) {
      error.printStackTrace();
      System.exit(1);
    }
  }

  /** The Jetty server DynamoDBProxyServer keeps in a private field and does not expose. */
  private static Server jettyServerOf(DynamoDBProxyServer proxy) throws ReflectiveOperationException {
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    return (Server) field.get(proxy);
  }
}
