package io.mediaopt.jobs;

import java.util.Locale;

/** Where the delivery of a job's event stands (a row of the outbox that ending a job writes): still to be sent (or retried), received, or given up. */
public enum DeliveryState {
    PENDING,
    DELIVERED,
    FAILED;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static DeliveryState fromWire(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
