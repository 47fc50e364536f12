package io.mediaopt.webhooks;

import io.mediaopt.jobs.DeliveryState;
import io.mediaopt.jobs.Job;
import io.mediaopt.jobs.routes.CallbackView;
import io.mediaopt.jobs.routes.JobRoutes;

import java.util.Optional;

/** The {@code callback} of a job's view: where the delivery announcing its end stands. */
public final class CallbackStates implements JobRoutes.Callbacks {
    private final JdbcDeliveryStore deliveries;

    public CallbackStates(JdbcDeliveryStore deliveries) {
        this.deliveries = deliveries;
    }

    /** Before the job's event is queued there is no delivery: the view is pending, with no attempt. */
    @Override
    public CallbackView of(Job job) {
        if (job.request().callback() == null) return null;
        Optional<Delivery> delivery = deliveries.forJob(job.id());
        return new CallbackView(
                delivery.map(Delivery::eventId).orElse(null),
                delivery.map(Delivery::state).orElse(DeliveryState.PENDING).wireName(),
                delivery.map(Delivery::attempts).orElse(0),
                delivery.map(Delivery::lastStatus).orElse(null),
                delivery.map(Delivery::lastError).orElse(null),
                delivery.map(Delivery::lastAttemptAt).orElse(null),
                delivery.filter(d -> d.state() == DeliveryState.PENDING).map(Delivery::nextAttemptAt).orElse(null),
                delivery.map(Delivery::deliveredAt).orElse(null));
    }
}
