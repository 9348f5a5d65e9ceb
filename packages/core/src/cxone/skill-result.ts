/** Spec 002 §8, Skill start and stop result codes: the message for each status CXone answers. */
export type SkillAction = "start" | "stop";

export function skillResultMessage(action: SkillAction, skill: string, status: number | null): string {
  const past = action === "start" ? "started" : "stopped";
  const unable = `Unable to ${action} ${skill}`;
  switch (status) {
    case 202:
      return `${skill} ${past} successfully`;
    case 400:
      return `${unable} - Invalid Force, must be true or false`;
    case 401:
      return `${unable} - Connection Error`;
    case 403:
      return `${unable} - Insufficient Permissions`;
    case 404:
      return `${unable} - Invalid skillID`;
    case 409:
      return `${unable} - Skill is in an invalid state.`;
    default:
      return `Unknown problem ${action === "start" ? "starting" : "stopping"} the skill`;
  }
}
