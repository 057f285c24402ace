"""The OpenAI Agents SDK's session memory in Retentia: `Runner.run(..., session=session)`.

    pip install "./clients/python[openai-agents]"
    RETENTIA_URL=http://127.0.0.1:8000 RETENTIA_API_KEY=rtk_… python openai_agents_session.py

It runs an agent on the SDK's scripted test model, so it needs no OpenAI key; with a real model
(`Agent(name=..., model="gpt-…")`) the session is used the same way.
"""

import asyncio
import os

from agents import Agent, RunConfig, Runner
from agents.testing import ScriptedModel, assistant_message
from retentia_client import AsyncRetentia
from retentia_client.integrations.openai_agents_session import RetentiaSession

url = os.environ.get("RETENTIA_URL", "http://127.0.0.1:8000")
key = os.environ.get("RETENTIA_API_KEY")
project = os.environ.get("RETENTIA_PROJECT", "openai-agents-example")


async def main() -> None:
    async with AsyncRetentia(url, api_key=key, project=project) as client:
        session = RetentiaSession("user-42", client)
        model = ScriptedModel([[assistant_message("Hi Ada!")], [assistant_message("Ada.")]])
        agent = Agent(name="assistant", model=model)
        config = RunConfig(tracing_disabled=True)
        await Runner.run(agent, "My name is Ada.", session=session, run_config=config)
        await Runner.run(agent, "What is my name?", session=session, run_config=config)
        print(len(model.calls[-1].input), "items sent on the second turn")
        for item in await session.get_items():
            print(item.get("role"), item.get("content"))


asyncio.run(main())
