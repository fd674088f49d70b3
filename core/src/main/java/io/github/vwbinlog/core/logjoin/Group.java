package io.github.vwbinlog.core.logjoin;

import java.util.ArrayList;
import java.util.List;

/** An interaction whose window is open, with the observations joined to it so far (in arrival order). */
final class Group {
  final Held interaction;
  final List<Held> observations = new ArrayList<>(2);

  Group(Held interaction) {
    this.interaction = interaction;
  }

  /** The observations in client time order (arrival order for ties), as written after the interaction. */
  List<Held> observationsInTimeOrder() {
    observations.sort(Held::compare);
    return observations;
  }
}
