package io.mediaopt.webhooks;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/**
 * How this node calls callers back.
 *
 * @param defaultUrl   where jobs that name no {@code callbackUrl} are reported (SERVICE_WEBHOOK_URL)
 * @param secret       the signing secret, {@code whsec_<base64 key>}; without it no callback is accepted
 * @param allowHttp    whether plain {@code http} URLs are accepted besides {@code https}
 * @param allowPrivate whether loopback, private, link-local and metadata addresses may be called
 * @param timeout      connect and response time of one attempt
 * @param retryBase    the first delay between attempts, doubled after each one
 * @param retryFor     how long after the job ended a delivery is retried before it fails
 */
public record WebhookSettings(Optional<URI> defaultUrl, Optional<String> secret, boolean allowHttp,
                              boolean allowPrivate, Duration timeout, Duration retryBase, Duration retryFor) {

    public boolean enabled() {
        return secret.isPresent();
    }

    /** The record's own toString would print the secret. */
    @Override
    public String toString() {
        return "WebhookSettings[defaultUrl=" + defaultUrl.map(CallbackUrls::withoutQuery) + ", secret="
                + (secret.isPresent() ? "set" : "unset") + ", allowHttp=" + allowHttp + ", allowPrivate="
                + allowPrivate + ", timeout=" + timeout + ", retryBase=" + retryBase + ", retryFor=" + retryFor + "]";
    }
}
