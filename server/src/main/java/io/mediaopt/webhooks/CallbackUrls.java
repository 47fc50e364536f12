package io.mediaopt.webhooks;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Which URLs a callback may go to: an absolute {@code https} URL ({@code http} too when allowed)
 * with a host and without user info, whose host resolves only to public addresses unless private
 * ones are allowed ({@link AddressPolicy}). A URL is checked when a caller sends it and its
 * addresses again right before every attempt, so a name that later resolves elsewhere is caught.
 */
public final class CallbackUrls {
    public static final int MAX_LENGTH = 2048;

    private final boolean allowHttp;
    private final boolean allowPrivate;

    public CallbackUrls(boolean allowHttp, boolean allowPrivate) {
        this.allowHttp = allowHttp;
        this.allowPrivate = allowPrivate;
    }

    /**
     * The URL if its form is acceptable; IllegalArgumentException saying what was expected
     * otherwise. Nothing is resolved.
     */
    public URI parse(String value) {
        String expected = allowHttp ? "an absolute http or https URL" : "an absolute https URL";
        if (value.length() > MAX_LENGTH) {
            throw new IllegalArgumentException("expected a URL of at most " + MAX_LENGTH + " characters");
        }
        URI uri;
        try {
            uri = new URI(value);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("expected " + expected);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !(allowHttp && scheme.equals("http")) || uri.getHost() == null
                || uri.isOpaque()) {
            throw new IllegalArgumentException("expected " + expected
                    + (scheme.equals("http") ? " (http needs SERVICE_WEBHOOK_ALLOW_HTTP=true)" : ""));
        }
        if (uri.getRawUserInfo() != null) throw new IllegalArgumentException("expected a URL without user info");
        if (uri.getRawFragment() != null) throw new IllegalArgumentException("expected a URL without a fragment");
        return uri;
    }

    /** A URL a caller sent: its form, and the addresses its host resolves to now. */
    public URI checkSubmitted(String value) {
        String shown = "\"" + withoutQuery(value.strip()) + "\"";
        URI uri;
        try {
            uri = parse(value.strip());
            checkAddresses(uri);
        } catch (IllegalArgumentException e) {
            throw new InvalidCallbackUrlException("Expected " + e.getMessage().replaceFirst("^expected ", "")
                    + " for callbackUrl but received " + shown);
        } catch (RefusedAddressException e) {
            throw new InvalidCallbackUrlException("callbackUrl " + shown + " is refused: " + e.getMessage());
        } catch (UnknownHostException e) {
            throw new InvalidCallbackUrlException("The host of callbackUrl " + shown + " does not resolve");
        }
        return uri;
    }

    /**
     * Resolves the URL's host and refuses it when any of its addresses is not allowed: a name
     * that answers with both a public and a private address could otherwise reach the latter.
     */
    public void checkAddresses(URI url) throws UnknownHostException, RefusedAddressException {
        InetAddress[] addresses = InetAddress.getAllByName(url.getHost());
        if (allowPrivate) return;
        for (InetAddress address : addresses) {
            if (!AddressPolicy.isPublic(address)) {
                throw new RefusedAddressException(url.getHost() + " resolves to " + address.getHostAddress()
                        + ", a loopback, private, link-local or reserved address that callbacks may not reach");
            }
        }
    }

    /** A URL as it may be shown: its query may carry a token. */
    public static String withoutQuery(Object url) {
        String text = url.toString();
        int cut = text.indexOf('?');
        return cut < 0 ? text : text.substring(0, cut) + "?…";
    }

    /** The host resolves to an address a callback may not reach. */
    public static final class RefusedAddressException extends Exception {
        private static final long serialVersionUID = 1L;

        RefusedAddressException(String message) {
            super(message);
        }
    }
}
