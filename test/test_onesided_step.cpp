// test_onesided_step.cpp: the one-sided step's transition table (onesided_step.hpp) on the
// events that send nothing, so no runtime and no MPI are needed: what each protocol does with
// a halo that comes early or late, and that an event no row takes is reported, not ignored.
// (The rows that compute and send run in every one-sided end-to-end check.)
#include <gtest/gtest.h>

#include <vector>

#include "onesided.hpp"  // the whole one-sided layer: the table needs the steal gate

using namespace sw4;

namespace {

struct StepTable : ::testing::Test {
  OneSidedRun run;
  Partition p;
  std::vector<char> payload = std::vector<char>(64, 'x');

  void SetUp() override {
    run.end.nsteps = 10;
    g_run = &run;
    p.gid = 5;
    HaloLink a, b;
    a.gid = 4;
    b.gid = 6;
    p.links = {a, b};
  }
  void TearDown() override { g_run = nullptr; }
  void at(StepState s, long exchange) {
    p.state = s;
    p.exchange = exchange;
  }
  void halo(long e, amr::Gid from) {
    amr::Message m(p.gid, from, 0, 0, payload);
    fire(p, StepEvent::Halo, {e, from, &m});
  }
};

}  // namespace

TEST_F(StepTable, EagerParksAHaloThatIsOneExchangeAhead) {
  run.protocol = Protocol::Eager;
  at(StepState::AwaitUstar, 3);
  halo(4, 6);
  EXPECT_EQ(p.state, StepState::AwaitUstar);
  ASSERT_EQ(p.inbox.count(4), 1u);
  EXPECT_EQ(p.inbox[4].size(), 1u);
  EXPECT_EQ(p.inbox[4][0].size(), 64u);
  EXPECT_EQ(p.got, 0);
}

TEST_F(StepTable, RequestProtocolHasNoRowForAHaloThatWasNotAskedFor) {
  run.protocol = Protocol::Request;
  at(StepState::AwaitUplus, 4);
  EXPECT_THROW(halo(5, 6), amr::UnpackError);
  EXPECT_TRUE(p.inbox.empty());
}

TEST_F(StepTable, AHaloForAnExchangeAlreadyPassedIsAnError) {
  for (Protocol pr : {Protocol::Request, Protocol::Eager}) {
    run.protocol = pr;
    at(StepState::AwaitUstar, 5);
    EXPECT_THROW(halo(3, 4), amr::UnpackError);
  }
}

TEST_F(StepTable, ADonePartitionDropsHalosAndRequests) {
  run.protocol = Protocol::Eager;
  at(StepState::Done, 8);
  halo(9, 4);
  EXPECT_EQ(p.state, StepState::Done);
  EXPECT_TRUE(p.inbox.empty());
  fire(p, StepEvent::Request, {9, 4, nullptr});
  EXPECT_EQ(p.state, StepState::Done);
}

TEST_F(StepTable, AnEarlyRequestIsRememberedUntilTheDataIsThere) {
  run.protocol = Protocol::Request;
  at(StepState::AwaitUplus, 6);
  fire(p, StepEvent::Request, {7, 6, nullptr});  // the neighbour is one exchange ahead
  EXPECT_EQ(p.links[1].requested, 7);
  EXPECT_EQ(p.links[1].sent, 0);
  EXPECT_EQ(p.links[0].requested, 0);
  EXPECT_THROW(fire(p, StepEvent::Request, {7, 99, nullptr}), amr::UnpackError);  // no such link
}

TEST_F(StepTable, PhaseEventsOutsideTheirStatesAreErrors) {
  at(StepState::Done, 20);
  EXPECT_THROW(fire(p, StepEvent::HalosIn, {20, p.gid, nullptr}), amr::UnpackError);
  at(StepState::AwaitUstar, 3);
  EXPECT_THROW(fire(p, StepEvent::Next, {}), amr::UnpackError);
}

TEST_F(StepTable, NextStopsAtTheLastStepOrAfterANan) {
  at(StepState::StepClosed, 20);
  p.step = 10;  // == nsteps
  fire(p, StepEvent::Next, {});
  EXPECT_EQ(p.state, StepState::Done);
  at(StepState::StepClosed, 8);
  p.step = 4;
  p.halted = true;
  fire(p, StepEvent::Next, {});
  EXPECT_EQ(p.state, StepState::Done);
}

// Checkpoints (checkpoint_run.hpp): a partition that has closed the pause step waits in Paused,
// takes a neighbour's early halo or request there, and goes on (or stops) when resumed.
TEST_F(StepTable, APartitionPausesAtTheCheckpointStepAndResumes) {
  run.protocol = Protocol::Eager;
  run.pause_at = 4;
  at(StepState::StepClosed, 8);
  p.step = 4;
  fire(p, StepEvent::Next, {});
  EXPECT_EQ(p.state, StepState::Paused);
  halo(9, 6);  // U*(5) of a neighbour that resumed first
  EXPECT_EQ(p.state, StepState::Paused);
  ASSERT_EQ(p.inbox.count(9), 1u);
  fire(p, StepEvent::Request, {9, 4, nullptr});
  EXPECT_EQ(p.links[0].requested, 9);
  EXPECT_EQ(p.state, StepState::Paused);
  fire(p, StepEvent::Next, {});  // resumed without moving the pause: stays
  EXPECT_EQ(p.state, StepState::Paused);
  run.pause_at = 10;
  p.step = 10;  // == nsteps: resumed at the end
  fire(p, StepEvent::Next, {});
  EXPECT_EQ(p.state, StepState::Done);
}
