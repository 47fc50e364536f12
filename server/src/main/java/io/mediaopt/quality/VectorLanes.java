package io.mediaopt.quality;

import jdk.incubator.vector.FloatVector;

/** The Vector API's preferred width, in its own class: loaded only once the module is known to be there. */
final class VectorLanes {
    private VectorLanes() {}

    static int floats() {
        return FloatVector.SPECIES_PREFERRED.length();
    }
}
