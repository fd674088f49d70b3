package io.github.vwbinlog.cli;

import io.github.vwbinlog.BinaryLogException;
import io.github.vwbinlog.BinaryLogReader;
import io.github.vwbinlog.BinaryLogWriter;
import io.github.vwbinlog.CheckpointInfo;
import io.github.vwbinlog.Message;
import io.github.vwbinlog.MessageType;
import io.github.vwbinlog.RewardFunction;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The second pass of {@code split}: copies the messages of a log into its parts, byte for byte, and starts each part
 * after the first with the state the log is in at the cut, so that the part converts on its own as that stretch of
 * the whole log converts:
 *
 * <ul>
 *   <li>a FILEMAGIC, if the log had one before the cut (a log without one gets parts without one);
 *   <li>the last HEADER before the cut, if any (informational: conversion ignores it);
 *   <li>the CHECKPOINT in force: the last one before the cut that decodes (a malformed one is ignored by the joiner
 *       and so changes nothing); if its reward function is unrecognized, which leaves the reward function unchanged,
 *       the last decodable CHECKPOINT with a recognized one goes first. None when no checkpoint was in force, so that
 *       REGULAR messages the whole log skips as "before any checkpoint" are skipped in the part too. None either when
 *       the part starts with a CHECKPOINT that sets every setting itself.
 * </ul>
 *
 * <p>Every part ends with EOF. What the joiner carries from message to message besides the settings is the dedup
 * cache (SPEC §4.5), which a part cannot repeat; in conversion it only decides whether a DedupInfo value must parse
 * (docs/CLI.md).
 */
final class SplitWriter {
  private boolean seenFileMagic;
  private Message.@Nullable Header header;
  private Message.@Nullable Checkpoint inForce;
  private boolean inForceRewardFunctionRecognized;
  private Message.@Nullable Checkpoint rewardFunctionSource;

  /**
   * One part written.
   *
   * @param path where it was written
   * @param firstOffset the offset in the log of its first copied message
   * @param messages how many messages of the log it holds (the repeated ones and its EOF not counted)
   */
  record Part(Path path, long firstOffset, long messages) {}

  /**
   * Copies the first {@code messages} messages of {@code reader} into {@code targets.size()} parts, cutting before
   * the message numbers in {@code cuts}.
   */
  List<Part> write(BinaryLogReader reader, long messages, long[] cuts, List<Path> targets) throws IOException {
    List<Part> parts = new ArrayList<>(targets.size());
    Iterator<Message> it = reader.iterator();
    int part = 0;
    BinaryLogWriter writer = BinaryLogWriter.to(targets.get(0));
    long firstOffset = 0;
    long copied = 0;
    try {
      // Stop at the count the first pass read: the message after it is the framing problem, if any.
      for (long i = 0; i < messages && it.hasNext(); i++) {
        Message m = it.next();
        if (part < cuts.length && i == cuts[part]) {
          writer.eof().close();
          parts.add(new Part(targets.get(part), firstOffset, copied));
          part++;
          writer = BinaryLogWriter.to(targets.get(part));
          writePrefix(writer, m);
          firstOffset = m.offset();
          copied = 0;
        }
        copy(writer, m);
        copied++;
        track(m);
      }
      writer.eof();
    } finally {
      writer.close();
    }
    parts.add(new Part(targets.get(part), firstOffset, copied));
    return parts;
  }

  private void writePrefix(BinaryLogWriter writer, Message first) {
    if (seenFileMagic) {
      writer.fileMagic();
    }
    if (header != null) {
      writer.message(MessageType.HEADER.code(), header.payload());
    }
    if (inForce == null || (first instanceof Message.Checkpoint c && setsEverything(c))) {
      return;
    }
    if (!inForceRewardFunctionRecognized && rewardFunctionSource != null) {
      writer.message(MessageType.CHECKPOINT.code(), rewardFunctionSource.payload());
    }
    writer.message(MessageType.CHECKPOINT.code(), inForce.payload());
  }

  /** Follows the state a reader of the whole log would be in. */
  private void track(Message m) {
    if (m instanceof Message.FileMagic f && f.version() == 1) {
      seenFileMagic = true;
    } else if (m instanceof Message.Header h) {
      header = h;
    } else if (m instanceof Message.Checkpoint c) {
      CheckpointInfo info = decode(c);
      if (info != null) {
        inForce = c;
        inForceRewardFunctionRecognized = info.rewardFunction() != RewardFunction.UNRECOGNIZED;
        if (inForceRewardFunctionRecognized) {
          rewardFunctionSource = c;
        }
      }
    }
  }

  /** Whether a checkpoint decodes and sets all five settings, whatever was in force before it. */
  private static boolean setsEverything(Message.Checkpoint c) {
    CheckpointInfo info = decode(c);
    return info != null && info.rewardFunction() != RewardFunction.UNRECOGNIZED;
  }

  /** The checkpoint's settings, or null when the joiner would ignore it as malformed. */
  private static @Nullable CheckpointInfo decode(Message.Checkpoint c) {
    try {
      return c.checkpointInfo();
    } catch (BinaryLogException e) {
      return null;
    }
  }

  private static void copy(BinaryLogWriter writer, Message m) {
    if (m instanceof Message.FileMagic f) {
      writer.fileMagic(f.version());
    } else if (m instanceof Message.Header h) {
      writer.message(h.typeCode(), h.payload());
    } else if (m instanceof Message.Checkpoint c) {
      writer.message(c.typeCode(), c.payload());
    } else if (m instanceof Message.Regular r) {
      writer.regular(r.payload());
    } else if (m instanceof Message.Unknown u) {
      writer.message(u.typeCode(), u.payload());
    }
    // EOF is never copied: the first pass stops before it, and every part gets its own.
  }
}
