package io.mediaopt.webhooks;

import io.mediaopt.ServiceException;
import io.mediaopt.jobs.Callback;
import io.mediaopt.jobs.routes.UploadReader;

/**
 * Where a new job reports its end: the {@code callbackUrl} its caller sent, checked, or else
 * SERVICE_WEBHOOK_URL; nowhere when neither is set.
 */
public final class CallbackTargets implements UploadReader.Callbacks {
    private final WebhookSettings settings;
    private final CallbackUrls urls;

    public CallbackTargets(WebhookSettings settings) {
        this.settings = settings;
        this.urls = new CallbackUrls(settings.allowHttp(), settings.allowPrivate());
    }

    /**
     * The callback of a job submitted from {@code origin} with {@code requested} (null when the
     * form had none); a bad URL, or a URL while the service has no secret to sign with, is 400.
     */
    @Override
    public Callback forSubmission(String requested, String origin) {
        if (requested == null || requested.isBlank()) {
            return settings.defaultUrl().map(url -> new Callback(url.toString(), origin)).orElse(null);
        }
        if (!settings.enabled()) {
            throw ServiceException.invalidInput(
                    "This service sends no callbacks: callbackUrl needs SERVICE_WEBHOOK_SECRET set on the server");
        }
        return new Callback(urls.checkSubmitted(requested).toString(), origin);
    }
}
