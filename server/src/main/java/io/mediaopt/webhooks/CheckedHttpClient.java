package io.mediaopt.webhooks;

import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.util.Promise;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.VirtualThreadPool;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.security.KeyStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The HTTP client callbacks are sent with. It resolves the host of each new connection through
 * {@link CallbackUrls}: one lookup, every address checked, and the connection goes to one of those
 * very addresses, so a name cannot answer a public address to a check and an internal one to the
 * connection (DNS rebinding). The request keeps the name for its {@code Host} header, TLS server
 * name (SNI) and certificate check.
 */
public final class CheckedHttpClient {
    private final CallbackUrls urls;

    private CheckedHttpClient(CallbackUrls urls) {
        this.urls = urls;
    }

    /**
     * HTTP/1.1, no redirects followed, no proxy, certificates and host names checked as browsers
     * do; the certificates of {@code trustStore} (when not null) trusted instead of the JDK's.
     */
    public static HttpClient create(Duration timeout, CallbackUrls urls, KeyStore trustStore) {
        SslContextFactory.Client tls = new SslContextFactory.Client();
        tls.setEndpointIdentificationAlgorithm("HTTPS");
        if (trustStore != null) tls.setTrustStore(trustStore);
        HttpClient client = new HttpClient();
        client.setSslContextFactory(tls);
        client.setSocketAddressResolver(new CheckedHttpClient(urls)::resolve);
        client.setFollowRedirects(false);
        client.setConnectTimeout(timeout.toMillis());
        client.setIdleTimeout(timeout.toMillis());
        client.setUserAgentField(new HttpField(HttpHeader.USER_AGENT, "mediaopt-webhooks"));
        client.setName("webhook-client");
        VirtualThreadPool threads = new VirtualThreadPool();
        threads.setName("webhook-client");
        client.setExecutor(threads);
        return client;
    }

    /**
     * The addresses a new connection to {@code host} may go to; a refused or unresolvable host
     * fails the attempt before anything is connected.
     */
    private void resolve(String host, int port, Map<String, Object> context,
                         Promise<List<InetSocketAddress>> promise) {
        List<InetAddress> addresses;
        try {
            addresses = urls.allowedAddresses(host);
        } catch (UnknownHostException | CallbackUrls.RefusedAddressException e) {
            promise.failed(e);
            return;
        }
        // an IPv6 literal keeps no brackets, so that TLS reads it as an address
        String name = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        List<InetSocketAddress> checked = new ArrayList<>();
        for (InetAddress address : addresses) {
            try {
                // the checked address, labelled with the name: TLS takes its server name and the
                // name the certificate must bear from the label; nothing resolves it again
                checked.add(new InetSocketAddress(InetAddress.getByAddress(name, address.getAddress()), port));
            } catch (UnknownHostException e) {
                promise.failed(e); // only for an address of illegal length, which a lookup does not return
                return;
            }
        }
        promise.succeeded(checked);
    }
}
