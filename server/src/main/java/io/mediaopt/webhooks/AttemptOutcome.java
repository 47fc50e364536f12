package io.mediaopt.webhooks;

/** What one attempt came to; {@code status} is null when no answer came. */
record AttemptOutcome(Kind kind, Integer status, String error) {
    enum Kind { DELIVERED, RETRY, GIVE_UP }

    static AttemptOutcome of(int status) {
        if (status >= 200 && status < 300) return new AttemptOutcome(Kind.DELIVERED, status, null);
        String answered = "the receiver answered " + status;
        if (status >= 500 || status == 429) return retry(status, answered);
        return giveUp(status, status >= 300 && status < 400 ? answered + " (redirects are not followed)" : answered);
    }

    static AttemptOutcome retry(Integer status, String error) {
        return new AttemptOutcome(Kind.RETRY, status, error);
    }

    static AttemptOutcome giveUp(Integer status, String error) {
        return new AttemptOutcome(Kind.GIVE_UP, status, error);
    }
}
